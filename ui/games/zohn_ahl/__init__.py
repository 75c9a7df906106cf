"""The Streamlit views of zohn ahl: ``views`` (odds) and ``play`` (play against the computer or
in a room). Its core is :mod:`jokoak.games.zohn_ahl`."""
