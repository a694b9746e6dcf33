"""The phone page (網頁): ``serve``, a small ASGI app the four phones share, its page and API.

Starlette and uvicorn are imported only here, and only by ``serve``.
"""
