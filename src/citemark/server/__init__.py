"""The HTTP face of citemark: the /v1 API, server-sent-event streaming, the review page.

``citemark serve`` runs :func:`create_app` under uvicorn; the same app can be
mounted in any ASGI server. Needs the ``serve`` extra (FastAPI, uvicorn).
"""

from .app import create_app
from .engine import Settings

__all__ = ["Settings", "create_app"]
