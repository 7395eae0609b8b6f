"""Remote play: a game hosted by one page and joined by friends' pages over WebRTC data channels.

The modules here are pure Python (no `js`, `pyodide` or `pyscript`), run and tested under CPython: the seat's
record (`record`), the protocol's messages (`messages`), the host's and a guest's sessions over any channel
(`host`, `guest`), the handshake's short codes (`sdpcode`, `invite`), QR codes (`qr`), the player's STUN/TURN
servers (`ice`) and a scanned reply handed between tabs (`relay`). See docs/remote-play.md.
"""
