# String literals: quoting, escapes, concatenation, bytes and f-strings.
s = 'single'
s = "double"
s = "it's"
s = 'say "hi"'
s = 'both \' and "'
s = '''triple
with newline'''
s = """triple "double" """
s = 'tab\there\nnewline\\backslash\x00nul\x7fdel\u00e9\U0001F600'
s = 'unicode é ü 中文'
s = r'raw \d+ \n'
s = R"raw"
s = 'adjacent' ' ' "literals" '''concatenate'''
s = ('implicit'
     'joining')
b = b'bytes'
b = b'\x00\xff\n'
b = rb'raw\bytes' b'more'
b = B"upper"
f = f'plain'
f = f'{x}'
f = f'{x!r} {x!s} {x!a}'
f = f'{x:>10}'
f = f'{x:{width}.{precision}f}'
f = f'{x!r:^{n}}'
f = f'{{escaped}} {x} }}'
f = f"{'inner'}"
f = f'{"inner"}'
f = f'{d["key"]}'
f = f'{ {1: 2}[1] }'
f = f'{a + b * c}'
f = f'{a if b else c}'
f = f'{(lambda: 1)()}'
f = f'{x, y}'
f = f'{x=}'
f = f'{x = }'
f = f'{x=:>5}'
f = f'{x=!s}'
f = f'{x!=y}'
f = f'{a[1:2]}'
f = f'\n\t{x}\\'
f = rf'\d{x}'
f = fR'{x}\n'
f = F'{x}'
f = f'a' 'b' f'{c}' 'd'
f = 'a' f'{b}'
f = f'{f"{x}"}'
f = f"""multi
line {x
+ y} done"""
f = f'{x:%Y-%m-%d %H:%M}'
f = f'{3.14159:.3f}' f'{1234567:,}' f'{255:#x}'
