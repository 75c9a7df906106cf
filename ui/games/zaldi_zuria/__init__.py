"""The Streamlit views of zaldi zuria: ``views`` (odds) and ``play`` (play against the computer or
in a room). Its core is :mod:`jokoak.games.zaldi_zuria`."""
