"""The Streamlit views of peruludo: ``views`` (odds) and ``play`` (play against the computer or
in a room). Its core is :mod:`jokoak.games.peruludo`."""
