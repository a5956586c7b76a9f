# cli-test: exit=1
# ingot explain with a page it cannot write: the error names the file.
ingot explain hello.py -o /nonexistent/dir/page.html
