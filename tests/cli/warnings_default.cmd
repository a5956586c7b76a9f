# Both warnings, each with its -W name.
ingot build --emit graph -o {tmp}/warn.ir warn.py
