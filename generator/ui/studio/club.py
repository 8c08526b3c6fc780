"""Settings for serving the studio to a club from several processes with gunicorn (a
gunicorn configuration module: `gunicorn -c python:generator.ui.studio.club`; its names
are gunicorn's settings, https://docs.gunicorn.org/en/stable/settings.html).

Each worker is a process with its own drawing thread and its own store of what it drew;
what one worker drew is the same bytes any other would draw, under the same ETag
(caching.py), so an HTTP cache in front (nginx's proxy_cache, Varnish) keeps one copy for
all of them and revalidates with any. The limits mirror `pnp studio`'s (server.py): a
request line of at most 8,190 bytes, at most 100 headers of 8,190 bytes each, a connection
idle for 5 s closed, a request that takes more than 30 s (the app answers busy after 20)
ended with its worker.
"""

from __future__ import annotations

bind = ["127.0.0.1:8470"]       # loopback; a cache or proxy in front serves the club
workers = 2                     # processes: one a core
worker_class = "gthread"        # threads, so a slow reader does not hold a whole worker
threads = 8
backlog = 128
keepalive = 5
timeout = 30
graceful_timeout = 10
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
