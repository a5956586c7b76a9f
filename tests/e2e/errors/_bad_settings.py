def load(text):
    return int(text)


EPOCHS = load("seven")
