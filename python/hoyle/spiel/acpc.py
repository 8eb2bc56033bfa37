def game_from_acpc(text):
    raise NotImplementedError
def to_acpc(game):
    raise NotImplementedError
