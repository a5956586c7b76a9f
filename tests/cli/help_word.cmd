# `ingot help COMMAND` is `ingot COMMAND --help`.
ingot help opt
