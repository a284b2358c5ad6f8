"""The remote backend: a SPARQL 1.1 server shared by a team.

``RemoteStore(url)`` implements ``graph.backend.Backend`` over HTTP with the
standard library (``urllib``), following

* SPARQL 1.1 Protocol, query operation: ``POST`` of a URL-encoded form
  (``query=…``, ``application/x-www-form-urlencoded``, §2.1.2), the one
  form every server answers (Virtuoso 7 never answers a direct
  ``application/sparql-query`` POST: openlink/virtuoso-opensource #842);
  results read as SPARQL JSON or XML by pyoxigraph's ``parse_query_results``,
  with every lexical form XSD allows (``"1"`` is ``true``), CONSTRUCT/DESCRIBE
  as N-Triples or Turtle; an answer that cannot be read is one ``StoreError``
  line, never a silently different answer;
* SPARQL 1.1 Protocol, update operation: ``POST`` of a URL-encoded form
  (``update=…``, §2.2.1);
* SPARQL 1.1 Graph Store HTTP Protocol: ``PUT ?graph=IRI`` with an
  ``application/n-triples`` body replaces one named graph, ``DELETE ?graph=IRI``
  drops it.

Endpoints (``endpoints_for``): a URL with no path is an **Oxigraph server**
(``http://host:7878`` -> ``/query``, ``/update``, ``/store``); a URL whose
path is ``/sparql`` is **Virtuoso** (``/sparql``, ``/sparql-auth``,
``/sparql-graph-crud-auth``); any other path is a **Fuseki dataset**
(``http://host:3030/ds`` -> ``/ds/query``, ``/ds/update``, ``/ds/data``).
Any of the three can be given explicitly (``--query-endpoint`` ... or
``PROVKG_QUERY_ENDPOINT`` ...), absolute or as a path on the store URL, for
servers laid out otherwise (GraphDB).  ``user:password@`` in the URL is sent
as HTTP Basic or Digest authentication (RFC 7617, RFC 7616), whichever the
server's ``401`` challenge asks for, and never printed.

Only provkg's graphs are read (``named_graphs``, ``quads``, ``len``): the
provenance graph, the graphs under ``https://w3id.org/provkg/id/`` and the
graphs ``provkg import`` recorded in the provenance graph; a server's own
graphs (Virtuoso's system graphs, another application's data) are never read,
written or dropped.  Row order is never taken from the server: a shipped query
with ``ORDER BY`` is sorted again by provkg (``graph.store.order_rows``).

Union default graph (PITFALLS P9, P14): provkg's shipped queries all match
inside ``GRAPH ?g``, so they need no union default graph and answer the same
on every server.  For ad-hoc queries without ``GRAPH``, an Oxigraph server is
asked for the union with its ``union-default-graph`` URL parameter (the same
view as the embedded store); on other servers the default graph is whatever
the server is configured with (Fuseki: ``tdb2:unionDefaultGraph true``).

Writes (``RemoteStore.writer``) are serialised by a lease (``RemoteStore.lock``) kept in its own
named graph on the server (``LOCK_GRAPH``), and each commit checks and renews the store's write token
there: see the methods for what a write guarantees.
"""
from __future__ import annotations

import base64
import contextlib
import hashlib
import http.client
import os
import random
import re
import secrets
import socket
import threading
import time
import uuid
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pyoxigraph as ox

from ingest.errors import QueryError, StoreError, StoreLockedError, StoreMovedError

from .model import PROV_GRAPH
from .namespaces import ID_IRI, KG_IRI
from .store import ANY_BASE, canonical_term, lock_wait_seconds, order_rows, refuse_federated, to_python, with_values

__all__ = ["DEFAULT_DEADLINE", "DEFAULT_MAX_ANSWER_BYTES", "DEFAULT_TIMEOUT", "LEASE_SECONDS", "LOCK_GRAPH", "Endpoints", "RemoteStore", "RemoteWriter",
           "endpoints_for"]

#: The named graph holding the write lease and the write token of a server store (``RemoteStore.lock``).
#: provkg's own reads leave it out (``named_graphs``, ``quads``, ``len``, exports).
LOCK_GRAPH = ID_IRI + "graph/write-lock"
_LOCK_G = ox.NamedNode(LOCK_GRAPH)
_LEASE = ID_IRI + "lease/"
_EXPIRES = ox.NamedNode(ID_IRI + "lock#expires")
_HOLDER = ox.NamedNode(ID_IRI + "lock#holder")
_STORE_NODE = ox.NamedNode(ID_IRI + "lock#store")
_TOKEN = ox.NamedNode(ID_IRI + "lock#writeToken")
_XSD_INTEGER = ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")


def _seconds(t: float) -> ox.Literal:
    """A time as whole seconds since the epoch, ``xsd:integer``: exact on every server (Virtuoso kept an
    ``xsd:double`` to six significant digits, ±5,000 s, so a fresh lease read as long expired)."""
    return ox.Literal(str(int(t)), datatype=_XSD_INTEGER)

#: Seconds a lease lives without renewal; its holder renews it every quarter of that.  A writer killed
#: with SIGKILL holds the store this long at most.  Clients' clocks must agree to well within it.
LEASE_SECONDS = 120.0

#: Seconds to wait for one HTTP request (``PROVKG_HTTP_TIMEOUT`` overrides).
DEFAULT_TIMEOUT = 60.0
#: Bytes of one answer read from a server at most (``PROVKG_MAX_ANSWER_BYTES`` overrides): past them the
#: request is one ``StoreError``.  A whole-store SELECT of 488,000 quads (1,000 synthetic notes) is ~200 MB
#: of SPARQL JSON; an endless answer grew the process by 0.3 GB a second (15 GB in 45 s) before the limit.
DEFAULT_MAX_ANSWER_BYTES = 1 << 30
#: Seconds one request may take as a whole, answer included (``PROVKG_HTTP_DEADLINE`` overrides).
#: ``DEFAULT_TIMEOUT`` bounds each wait for the server; a server trickling a byte a second is never
#: silent that long, and without this its answer never ended.
DEFAULT_DEADLINE = 600.0


def _positive(var: str, default: float, convert: type) -> float:
    """``$var`` read as a positive number (``int`` or ``float``; ``_`` allowed), or ``default`` when unset.
    Raises ``StoreError`` naming the variable for any other value."""
    raw = os.environ.get(var)
    if not raw:
        return default
    try:
        v = convert(raw.replace("_", ""))
    except ValueError:
        v = 0
    if not v > 0 or v != v or v == float("inf"):
        raise StoreError(f"{var}={raw!r} is not a positive number"
                         + (" of bytes" if convert is int else " of seconds"))
    return v


class _Deadline:
    """The end of one request as a whole: at ``seconds`` the connection is shut (its socket's
    ``shutdown``), so a read blocked on a server that trickles bytes returns, and ``expired`` is set
    for the reader to report.  Sockets are registered by the connection classes of ``_opener``."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.expired = False
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> "_Deadline":
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def add(self, sock: socket.socket | None) -> None:
        """Shut ``sock`` when the deadline passes (at once if it has)."""
        if sock is None:
            return
        with self._lock:
            self._socks.append(sock)
            if self.expired:
                self._shut(sock)

    @staticmethod
    def _shut(sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._socks:
                self._shut(sock)


def _opener(deadline: _Deadline) -> urllib.request.OpenerDirector:
    """urllib's default opener, whose HTTP(S) connections register their socket with ``deadline``."""

    class _HTTP(http.client.HTTPConnection):
        def connect(self) -> None:
            super().connect()
            deadline.add(self.sock)

    class _HTTPS(http.client.HTTPSConnection):
        def connect(self) -> None:
            super().connect()
            deadline.add(self.sock)

    class _HTTPHandler(urllib.request.HTTPHandler):
        def http_open(self, req):  # noqa: ANN001, ANN202 - urllib's handler protocol
            return self.do_open(_HTTP, req)

    class _HTTPSHandler(urllib.request.HTTPSHandler):
        def https_open(self, req):  # noqa: ANN001, ANN202
            return self.do_open(_HTTPS, req, context=getattr(self, "_context", None))

    return urllib.request.build_opener(_HTTPHandler(), _HTTPSHandler())

_RESULTS_JSON = "application/sparql-results+json"
_RESULTS_XML = "application/sparql-results+xml"
_NTRIPLES = "application/n-triples"
_FORM = "application/x-www-form-urlencoded"
#: What a SELECT or ASK asks for: the two result formats every SPARQL 1.1 server writes.
_ACCEPT_RESULTS = f"{_RESULTS_JSON}, {_RESULTS_XML};q=0.9"


@dataclass(frozen=True)
class Endpoints:
    """The three endpoints of one server dataset, plus how to ask for the union default graph.

    ``query``, ``update``, ``gsp`` are absolute URLs without credentials;
    ``union_param`` is True when queries get Oxigraph's ``union-default-graph``
    parameter; ``server`` is ``"oxigraph"``, ``"virtuoso"``, ``"fuseki"``
    (guessed from the URL shape) or ``"custom"`` (every endpoint given).
    """

    query: str
    update: str
    gsp: str
    union_param: bool
    server: str


def _check_url(url: str, what: str = "--store") -> urllib.parse.SplitResult:
    """``url`` split, when it is an http(s) URL with a host, a valid port and no space or control character.

    Raises
    ------
    StoreError
        One line naming the URL (without its password) and what is wrong with it.
    """
    shown = re.sub(r"(//[^/@]*?:)[^/]*@", r"\1***@", url, count=1)  # never print a password
    try:
        u = urllib.parse.urlsplit(url)
        port = u.port  # raises ValueError when it is not a number in 0-65535
    except ValueError as e:
        raise StoreError(f"{what} {shown}: not a valid URL ({e})") from None
    if u.scheme not in ("http", "https") or not u.hostname:
        raise StoreError(f"{what} {shown}: not an http(s) URL of a SPARQL server")
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        raise StoreError(f"{what} {shown}: not a valid URL (it holds a space or a control character)")
    if port == 0:
        raise StoreError(f"{what} {shown}: not a valid URL (port 0)")
    return u


def _split_auth(url: str) -> tuple[str, tuple[str, str] | None]:
    """``(url without user:password@, (user, password) or None)``.  Raises ``StoreError`` for a malformed URL."""
    u = _check_url(url)
    if u.username is None:
        return url, None
    cred = (urllib.parse.unquote(u.username), urllib.parse.unquote(u.password or ""))
    host = u.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{u.port}" if u.port else "")
    clean = urllib.parse.urlunsplit((u.scheme, netloc, u.path, u.query, u.fragment))
    return clean, cred


class _Auth:
    """HTTP authentication with the credentials of the store URL: Basic (RFC 7617) or Digest (RFC 7616).

    Nothing is sent before the server asks: the first ``401`` names the scheme
    (``WWW-Authenticate``; Digest is preferred when both are offered, as it
    never sends the password), and later requests answer it at once (Basic: the
    same header; Digest: the last challenge's nonce with the next nonce count,
    a new challenge being taken when the server refuses it).  Thread-safe (a
    write PUTs graphs from several threads).
    """

    def __init__(self, user: str, password: str):
        self.user, self.password = user, password
        self.scheme: str | None = None
        self.challenge: dict[str, str] = {}
        self.nc = 0
        self._lock = threading.Lock()

    def header(self, method: str, url: str) -> str | None:
        """The ``Authorization`` value for one request, or None before the server asked."""
        with self._lock:
            if self.scheme == "basic":
                token = base64.b64encode(f"{self.user}:{self.password}".encode("utf-8")).decode("ascii")
                return "Basic " + token
            if self.scheme != "digest":
                return None
            self.nc += 1
            return self._digest(method, url, self.nc)

    def learn(self, challenges: list[str]) -> bool:
        """Take the scheme (and Digest parameters) from the ``WWW-Authenticate`` values of a 401.

        Returns False when no challenge is one provkg can answer (nothing to retry with).
        """
        digest = [c for c in challenges if c.strip().lower().startswith("digest ")]
        basic = [c for c in challenges if c.strip().lower().startswith("basic")]
        with self._lock:
            if digest:
                items = urllib.request.parse_http_list(digest[0].strip()[7:])
                self.challenge = {k.lower(): v for k, v in urllib.request.parse_keqv_list(items).items()}
                self.scheme, self.nc = "digest", 0
                return "nonce" in self.challenge
            if basic:
                self.scheme = "basic"
                return True
        return False

    def _digest(self, method: str, url: str, nc: int, cnonce: str | None = None) -> str:
        """The ``Digest`` credentials for one request (RFC 7616 §3.4; ``qop=auth`` when offered)."""
        c = self.challenge
        algo = c.get("algorithm", "MD5")
        base = algo.upper().removesuffix("-SESS")
        h = {"MD5": hashlib.md5, "SHA-256": hashlib.sha256, "SHA-512-256": None}.get(base)
        if h is None:
            raise StoreError(f"the server asks for Digest authentication with {algo}, which provkg cannot answer")

        def H(text: str) -> str:
            return h(text.encode("utf-8")).hexdigest()

        u = urllib.parse.urlsplit(url)
        uri = u.path + (f"?{u.query}" if u.query else "")
        realm, nonce = c.get("realm", ""), c.get("nonce", "")
        cnonce = cnonce or secrets.token_hex(8)
        ha1 = H(f"{self.user}:{realm}:{self.password}")
        if algo.upper().endswith("-SESS"):
            ha1 = H(f"{ha1}:{nonce}:{cnonce}")
        ha2 = H(f"{method}:{uri}")
        qops = [q.strip() for q in c.get("qop", "").split(",") if q.strip()]
        ncs = f"{nc:08x}"
        parts = [f'username="{self.user}"', f'realm="{realm}"', f'nonce="{nonce}"', f'uri="{uri}"',
                 f"algorithm={algo}"]
        if "auth" in qops:
            resp = H(f"{ha1}:{nonce}:{ncs}:{cnonce}:auth:{ha2}")
            parts += [f'response="{resp}"', "qop=auth", f"nc={ncs}", f'cnonce="{cnonce}"']
        else:
            parts.append(f'response="{H(f"{ha1}:{nonce}:{ha2}")}"')
        if "opaque" in c:
            parts.append(f'opaque="{c["opaque"]}"')
        return "Digest " + ", ".join(parts)


def endpoints_for(url: str, *, query_endpoint: str | None = None, update_endpoint: str | None = None,
                  gsp_endpoint: str | None = None) -> Endpoints:
    """The endpoints of the server dataset at ``url``.

    Parameters
    ----------
    url : str
        ``http(s)://host:port`` (Oxigraph server), ``http(s)://host:port/sparql``
        (Virtuoso: ``/sparql``, ``/sparql-auth`` for updates, ``/sparql-graph-crud-auth``
        for graphs) or ``http(s)://host:port/dataset`` (Fuseki), credentials already removed.
    query_endpoint, update_endpoint, gsp_endpoint : str, optional
        Explicit endpoints: absolute URLs, or paths (``/sparql``) on ``url``'s host.

    Returns
    -------
    Endpoints

    Raises
    ------
    StoreError
        ``url`` is not an http(s) URL with a host.

    Examples
    --------
    >>> endpoints_for("http://localhost:7878").gsp
    'http://localhost:7878/store'
    >>> endpoints_for("http://localhost:3030/ds/").query
    'http://localhost:3030/ds/query'
    >>> endpoints_for("http://localhost:8890/sparql").update
    'http://localhost:8890/sparql-auth'
    """
    try:
        u = urllib.parse.urlsplit(url)
    except ValueError as e:
        raise StoreError(f"{url}: not a valid URL ({e})") from None
    if u.scheme not in ("http", "https") or not u.netloc:
        raise StoreError(f"{url}: not an http(s) URL of a SPARQL server")
    root = f"{u.scheme}://{u.netloc}"
    path = u.path.rstrip("/")
    if path == "/sparql":
        base, names, server = root, ("sparql", "sparql-auth", "sparql-graph-crud-auth"), "virtuoso"
    elif path:
        base, names, server = root + path, ("query", "update", "data"), "fuseki"
    else:
        base, names, server = root, ("query", "update", "store"), "oxigraph"

    def pick(given: str | None, default: str) -> str:
        if not given:
            return f"{base}/{default}"
        if given.startswith("/"):
            _check_url(root + given, "endpoint")
            return root + given
        try:
            scheme = urllib.parse.urlsplit(given).scheme
        except ValueError:
            scheme = ""
        if scheme not in ("http", "https"):
            raise StoreError(f"{given}: an endpoint must be an http(s) URL or a path starting with /")
        _check_url(given, "endpoint")
        return given

    q, up, g = pick(query_endpoint, names[0]), pick(update_endpoint, names[1]), pick(gsp_endpoint, names[2])
    if query_endpoint and update_endpoint and gsp_endpoint:
        server = "custom"
    return Endpoints(q, up, g, union_param=(server == "oxigraph" and not query_endpoint), server=server)


class _Dropped(StoreError):
    """The server closed the connection before it answered (``RemoteDisconnected``, a reset): an idempotent
    request is tried again (``RemoteStore._request``)."""


class _Deadlocked(StoreError):
    """The server rolled the request's transaction back as a deadlock victim (Virtuoso ``SR172``, SQL state
    ``40001``): nothing of it was applied, so any request, an update too, is sent again
    (``RemoteStore._request``)."""


class _HttpError(StoreError):
    """An HTTP error status from the server (``code`` kept for the caller)."""

    def __init__(self, msg: str, code: int):
        super().__init__(msg)
        self.code = code


def _check_complete(headers, where: str) -> None:
    """Refuse an answer the server cut short, rather than read it as the whole answer.

    Virtuoso truncates a result at its ``ResultSetMaxRows`` (and says so in
    ``X-SPARQL-MaxRows``) and returns what it found in ``MaxQueryExecutionTime``
    as a partial "anytime" answer (``X-SQL-State``); either would be a silently
    different answer.  Raises ``StoreError`` naming the setting (docs/SCALING.md).
    """
    if headers.get("X-SPARQL-MaxRows"):
        raise StoreError(f"{where}: the server cut the answer at {headers['X-SPARQL-MaxRows']} rows "
                         "(Virtuoso: raise [SPARQL] ResultSetMaxRows, docs/SCALING.md)")
    state = headers.get("X-SQL-State")
    message = headers.get("X-SQL-Message", "") or ""
    if state == "40001" or "SR172" in message:
        raise _Deadlocked(f"{where}: the server rolled the request back as a deadlock ({state}: {message})")
    if state:
        raise StoreError(f"{where}: the server returned a partial answer ({state}: {message}; "
                         "Virtuoso: set [SPARQL] MaxQueryExecutionTime = 0, docs/SCALING.md)")


def _no_bnodes(q: ox.Quad | ox.Triple, where: str) -> None:
    """PITFALLS P13: a blank node cannot be addressed on a server and loses identity across requests."""
    for t in (q.subject, q.object):
        if isinstance(t, ox.BlankNode):
            raise StoreError(f"{where}: blank node {t} cannot be pushed to a SPARQL server; mint an IRI")


class RemoteStore:
    """A provkg store on a SPARQL 1.1 server (implements ``graph.backend.Backend``).

    Parameters
    ----------
    url : str
        The server dataset: ``http://host:7878`` (Oxigraph) or
        ``http://host:3030/ds`` (Fuseki); may carry ``user:password@``.
    query_endpoint, update_endpoint, gsp_endpoint : str, optional
        Explicit endpoints (see ``endpoints_for``); default from
        ``PROVKG_QUERY_ENDPOINT``, ``PROVKG_UPDATE_ENDPOINT``, ``PROVKG_GSP_ENDPOINT``.
    timeout : float, optional
        Seconds to wait for the server at each step of a request (default ``PROVKG_HTTP_TIMEOUT`` or 60).
    workers : int
        Named graphs pushed in parallel by a write (HTTP requests at once).

    Every request error becomes a one-line ``StoreError`` naming the URL (no
    credentials) and the problem; invalid SPARQL becomes ``QueryError``.  An answer is read
    up to ``max_answer_bytes`` (``PROVKG_MAX_ANSWER_BYTES``, default ``DEFAULT_MAX_ANSWER_BYTES``,
    1 GiB) and a request takes ``deadline`` seconds at most as a whole (``PROVKG_HTTP_DEADLINE``,
    default ``DEFAULT_DEADLINE``, 600); past either it is one ``StoreError`` naming the limit.
    """

    def __init__(self, url: str, *, query_endpoint: str | None = None, update_endpoint: str | None = None,
                 gsp_endpoint: str | None = None, timeout: float | None = None, workers: int = 4):
        clean, cred = _split_auth(url)
        self._auth = _Auth(*cred) if cred else None
        self.url = clean.rstrip("/")
        #: Seconds ``lock`` waits for another writer (None: ``$PROVKG_LOCK_TIMEOUT`` or 600).
        self.lock_timeout: float | None = None
        #: Called once when a write has to wait for another one (the CLI prints one line).
        self.on_lock_wait = None
        self._lock_depth = 0
        self._claim: ox.NamedNode | None = None
        #: What the CLI prints as the store's location (never the password).
        self.path = self.url
        self.endpoints = endpoints_for(
            clean,
            query_endpoint=query_endpoint or os.environ.get("PROVKG_QUERY_ENDPOINT") or None,
            update_endpoint=update_endpoint or os.environ.get("PROVKG_UPDATE_ENDPOINT") or None,
            gsp_endpoint=gsp_endpoint or os.environ.get("PROVKG_GSP_ENDPOINT") or None,
        )
        if timeout is None:
            try:
                timeout = float(os.environ.get("PROVKG_HTTP_TIMEOUT") or DEFAULT_TIMEOUT)
            except ValueError:
                raise StoreError(f"PROVKG_HTTP_TIMEOUT={os.environ['PROVKG_HTTP_TIMEOUT']!r} is not a number") from None
        self.timeout = timeout
        #: Bytes of one answer read at most; seconds one request takes at most, answer included.
        self.max_answer_bytes = int(_positive("PROVKG_MAX_ANSWER_BYTES", DEFAULT_MAX_ANSWER_BYTES, int))
        self.deadline = float(_positive("PROVKG_HTTP_DEADLINE", DEFAULT_DEADLINE, float))
        self.workers = max(1, workers)

    def __repr__(self) -> str:
        return f"RemoteStore({self.url!r})"

    # -- HTTP --------------------------------------------------------------
    def _request(self, method: str, url: str, body: bytes | None = None, *, content_type: str | None = None,
                 accept: str | None = None) -> tuple[bytes, str]:
        """One HTTP request; ``(body, content type)``.  Raises ``StoreError`` (``_HttpError`` for a status).

        A ``401`` with credentials in the store URL is answered once with the scheme it asks
        for (``_Auth``); without credentials it is one line saying so.  A ``5xx`` answer to an idempotent
        request (a Graph Store ``PUT``, ``GET`` or ``DELETE``, RFC 9110 §9.2.2) is tried again twice after a
        pause: Virtuoso 7 answers "500 Request Failed" now and then to a graph PUT under load, and the same
        request then succeeds.  So is one whose connection the server closed before any answer (a
        ``RemoteDisconnected`` or a reset: Virtuoso 7 drops one now and then when busy).  A request of any
        method the server rolled back as a deadlock victim (``_Deadlocked``: Virtuoso's ``SR172`` when two
        writers' lease updates meet) was not applied and is sent again, up to five times, after a random pause.
        """
        auth_tried = False
        deadlocks = retries = 0
        while True:
            try:
                return self._send(method, url, body, content_type, accept)
            except _Deadlocked:
                deadlocks += 1
                if deadlocks <= 5:
                    time.sleep(0.05 + random.random() * 0.2 * deadlocks)
                    continue
                raise
            except _Dropped:
                if method in ("PUT", "GET", "DELETE") and retries < 2:
                    retries += 1
                    time.sleep(0.25 * retries)
                    continue
                raise
            except urllib.error.HTTPError as e:
                if e.code == 401 and not auth_tried and self._auth is not None:
                    auth_tried = True
                    if self._auth.learn(e.headers.get_all("WWW-Authenticate") or []):
                        continue
                if 500 <= e.code < 600 and method in ("PUT", "GET", "DELETE") and retries < 2:
                    retries += 1
                    time.sleep(0.25 * retries)
                    continue
                raise self._http_error(method, url, e) from None

    def _send(self, method: str, url: str, body: bytes | None, content_type: str | None,
              accept: str | None) -> tuple[bytes, str]:
        headers = {"User-Agent": "provkg/0.1.0"}
        if content_type:
            headers["Content-Type"] = content_type
        if accept:
            headers["Accept"] = accept
        if self._auth is not None:
            h = self._auth.header(method, url)
            if h:
                headers["Authorization"] = h
        req = urllib.request.Request(url, data=body, method=method, headers=headers)
        shown = url.split("?", 1)[0]
        late = (f"{method} {shown}: no whole answer within {self.deadline:g} s "
                "(PROVKG_HTTP_DEADLINE raises it)")
        with _Deadline(self.deadline) as deadline:
            try:
                with _opener(deadline).open(req, timeout=self.timeout) as r:
                    data = self._read_answer(r, f"{method} {shown}", deadline)
                    _check_complete(r.headers, f"{method} {shown}")
                    return data, r.headers.get("Content-Type", "")
            except urllib.error.HTTPError as e:
                try:  # read here, under the deadline: a trickled error page ends with it too
                    e.provkg_detail = e.read(2000)  # type: ignore[attr-defined]
                except (OSError, http.client.HTTPException):
                    e.provkg_detail = b""  # type: ignore[attr-defined]
                raise
            except StoreError:
                raise
            except urllib.error.URLError as e:
                if deadline.expired:
                    raise StoreError(late) from None
                reason = e.reason
                if isinstance(reason, ConnectionRefusedError):
                    msg = "connection refused (is the SPARQL server running?)"
                elif isinstance(reason, (TimeoutError, socket.timeout)):
                    msg = f"no answer within {self.timeout:g} s"
                elif isinstance(reason, socket.gaierror):
                    msg = f"unknown host ({reason.strerror})"
                else:
                    msg = str(reason)
                raise StoreError(f"{method} {shown}: {msg}") from None
            except TimeoutError:
                if deadline.expired:
                    raise StoreError(late) from None
                raise StoreError(f"{method} {shown}: no answer within {self.timeout:g} s") from None
            except (OSError, ValueError, http.client.HTTPException) as e:  # connection reset, a bad answer, bad URL
                if deadline.expired:
                    raise StoreError(late) from None
                err = _Dropped if isinstance(e, (http.client.RemoteDisconnected, ConnectionResetError)) else StoreError
                raise err(f"{method} {shown}: {type(e).__name__}: {' '.join(str(e).split())[:300]}") from None

    def _read_answer(self, r: http.client.HTTPResponse, where: str, deadline: _Deadline) -> bytes:
        """The body of answer ``r``, read piece by piece up to ``max_answer_bytes`` and until ``deadline``.

        Raises ``StoreError`` naming ``where`` and the limit passed (a ``Content-Length`` over the limit is
        refused before a byte is read); an answer the deadline cut short is never returned as whole.
        """
        limit = self.max_answer_bytes
        over = (f"{where}: the answer passed {limit:,} bytes (PROVKG_MAX_ANSWER_BYTES raises it)")
        length = r.headers.get("Content-Length")
        if length and length.strip().isdigit() and int(length) > limit:
            raise StoreError(over)
        chunks: list[bytes] = []
        total = 0
        while True:
            piece = r.read1(1 << 16)
            if deadline.expired:
                raise StoreError(f"{where}: no whole answer within {deadline.seconds:g} s "
                                 "(PROVKG_HTTP_DEADLINE raises it)")
            if not piece:
                return b"".join(chunks)
            total += len(piece)
            if total > limit:
                raise StoreError(over)
            chunks.append(piece)

    def _http_error(self, method: str, url: str, e: urllib.error.HTTPError) -> _HttpError:
        shown = url.split("?", 1)[0]
        try:
            raw = getattr(e, "provkg_detail", None)
            detail = [ln for ln in (e.read(2000) if raw is None else raw).decode("utf-8", "replace").strip().splitlines()
                      if ln.strip()]
        except OSError:
            detail = []
        text = f": {re.sub(r'<[^>]+>', '', detail[0]).strip()[:200]}" if detail else ""
        if e.code == 401:
            text = (" (the server asks for credentials: put user:password@ in the store URL)" if self._auth is None
                    else " (the server refused the credentials of the store URL)")
        return _HttpError(f"{method} {shown}: HTTP {e.code} {e.reason}{text}", e.code)

    def _query_url(self) -> str:
        return self.endpoints.query + ("?union-default-graph" if self.endpoints.union_param else "")

    def _post_query(self, text: str, accept: str) -> tuple[bytes, str]:
        """POST ``query=text`` as a URL-encoded form (SPARQL 1.1 Protocol §2.1.2), the form every server takes."""
        refuse_federated(text)
        body = urllib.parse.urlencode({"query": text}).encode("ascii")
        try:
            return self._request("POST", self._query_url(), body, content_type=_FORM, accept=accept)
        except _HttpError as e:
            if e.code == 400 or (e.code == 500 and self.endpoints.server == "virtuoso" and "SP030" in str(e)):
                raise QueryError(f"invalid SPARQL ({e})") from None
            raise

    def update(self, text: str) -> None:
        """Send one SPARQL 1.1 Update request, ``update=text`` as a URL-encoded form (Protocol §2.2.1).

        Applied atomically by Oxigraph, Fuseki and Virtuoso.  ``text`` must be built from
        pyoxigraph terms, never from user text (P7).
        """
        body = urllib.parse.urlencode({"update": text}).encode("ascii")
        self._request("POST", self.endpoints.update, body, content_type=_FORM)

    def _results(self, body: bytes, ctype: str) -> object:
        """SELECT/ASK results read by pyoxigraph from SPARQL JSON or XML (by the answer's content type).

        Rows are read here, whole, so that an unreadable answer (a blank node label pyoxigraph
        refuses, a broken document) is one ``StoreError`` line and never a partial result.
        Returns ``(variables, rows as tuples)`` or a ``bool``.
        """
        fmt = ox.QueryResultsFormat.XML if ctype.startswith((_RESULTS_XML, "application/xml", "text/xml")) \
            else ox.QueryResultsFormat.JSON
        try:
            res = ox.parse_query_results(body, fmt)
            if isinstance(res, ox.QueryBoolean):
                return bool(res)
            names = [v.value for v in res.variables]
            rows = [tuple(canonical_term(row[n]) for n in names) for row in res]
        except (SyntaxError, ValueError, RuntimeError, OSError) as e:
            head = body[:80].decode("utf-8", "replace").replace("\n", " ")
            raise StoreError(f"{self.endpoints.query}: the server's answer is not readable as SPARQL results "
                             f"({ctype or 'no content type'}: {str(e).splitlines()[0] if str(e) else type(e).__name__}; "
                             f"it begins {head!r})") from None
        return names, rows

    # -- reading -----------------------------------------------------------
    def select_terms(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """SPARQL SELECT; rows as ``{variable: pyoxigraph term or None}``.

        ``bindings`` become the same trailing ``VALUES`` row as on the embedded
        store (P7, P8), placed at the start of the WHERE group (``graph.store.with_values``).  Literals are in their canonical form (``graph.store.canonical_term``:
        Virtuoso's ``"1"^^xsd:boolean`` is ``true``).  Rows of a query ending in ``ORDER BY``
        are sorted by provkg (``graph.store.order_rows``), never left to the server.
        Raises ``QueryError`` (invalid SPARQL, not a SELECT) or ``StoreError`` (server
        unreachable or failing, an answer that is not SPARQL results).
        """
        text = with_values(query, bindings)
        body, ctype = self._post_query(text, _ACCEPT_RESULTS)
        res = self._results(body, ctype)
        if isinstance(res, bool):
            raise QueryError("not a SELECT query")
        names, rows = res
        return order_rows(query, [dict(zip(names, row)) for row in rows])

    def select(self, query: str, **bindings: object) -> list[dict[str, object]]:
        """Like ``select_terms`` but values as Python values (``graph.store.to_python``)."""
        return [{k: to_python(v) for k, v in row.items()} for row in self.select_terms(query, **bindings)]

    def raw_query(self, query: str) -> object:
        """Any SPARQL query: ``SelectResult`` (SELECT), ``bool`` (ASK) or a list of ``Triple`` (CONSTRUCT, DESCRIBE).

        The kind is read from the query text (pyoxigraph parses it), so the answer is asked for
        in a form that kind has (results for SELECT/ASK, N-Triples or Turtle for graphs).
        """
        from .store import SelectResult, query_form

        form = query_form(query)
        if form in ("SELECT", "ASK"):
            body, ctype = self._post_query(query, _ACCEPT_RESULTS)
            res = self._results(body, ctype)
            if form == "ASK":
                if isinstance(res, bool):
                    return res
                # Virtuoso answers ASK as one row of one integer (its __ASK_RETVAL)
                names, rows = res
                if len(names) == 1 and len(rows) <= 1:
                    return bool(rows and rows[0][0] is not None and to_python(rows[0][0]) not in (0, False, "0"))
                raise StoreError(f"{self.endpoints.query}: the server answered ASK with rows, not a boolean")
            if isinstance(res, bool):
                raise StoreError(f"{self.endpoints.query}: the server answered SELECT with a boolean")
            names, rows = res
            return SelectResult(names, order_rows(query, [dict(zip(names, r)) for r in rows]))
        body, ctype = self._post_query(query, f"{_NTRIPLES}, text/turtle;q=0.9")
        try:
            if ctype.startswith("text/turtle"):
                triples = list(ox.parse(body, ox.RdfFormat.TURTLE))
            elif ctype.startswith((_NTRIPLES, "text/plain")):
                triples = list(ox.parse(body, ox.RdfFormat.N_TRIPLES))
            else:
                raise SyntaxError(f"a graph was asked for and {ctype or 'no content type'} came")
        except (SyntaxError, ValueError) as e:
            raise StoreError(f"{self.endpoints.query}: the server's answer is not readable RDF "
                             f"({str(e).splitlines()[0] if str(e) else type(e).__name__})") from None
        return [ox.Triple(canonical_term(t.subject), t.predicate, canonical_term(t.object)) for t in triples]

    def exists(self) -> bool:
        """True when the provenance graph holds something (an ingest ran against this dataset)."""
        return bool(self.select_terms(f"SELECT ?s WHERE {{ GRAPH {PROV_GRAPH} {{ ?s ?p ?o }} }} LIMIT 1"))

    #: provkg's graphs on a shared server (module docstring): the provenance graph, every graph under
    #: provkg's IRI space, and the graphs an import recorded.  Never a server's own system graphs.
    #: The write lease's graph (``LOCK_GRAPH``) is provkg's but holds no data: left out too.
    _OURS = (f"FILTER(?g != {_LOCK_G} && (STRSTARTS(STR(?g), \"{ID_IRI}\") || "
             f"EXISTS {{ GRAPH {PROV_GRAPH} {{ ?g a <{KG_IRI}ImportedGraph> }} }}))")

    def named_graphs(self) -> list[str]:
        """IRIs of provkg's named graphs (not the server's own), sorted."""
        rows = self.select_terms("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } %s }" % self._OURS)
        return sorted(r["g"].value for r in rows if isinstance(r["g"], ox.NamedNode))

    def quads(self, graph: str | None = None) -> Iterator[ox.Quad]:
        """Every quad of provkg's named graphs, or of one (read with one SELECT)."""
        if graph:
            rows = self.select_terms("SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } }", g=ox.NamedNode(graph))
        else:
            rows = self.select_terms("SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } %s }" % self._OURS)
        return iter([ox.Quad(r["s"], r["p"], r["o"], r["g"]) for r in rows])

    def __len__(self) -> int:
        """Number of quads in provkg's named graphs (one ``COUNT`` query)."""
        rows = self.select("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } %s }" % self._OURS)
        return int(rows[0]["n"]) if rows else 0

    # -- writing -----------------------------------------------------------
    def put_graph_now(self, iri: str, triples: list[ox.Triple]) -> None:
        """Graph Store Protocol ``PUT ?graph=iri`` with an N-Triples body: replace one named graph."""
        body = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
        self._request("PUT", self.endpoints.gsp + "?graph=" + urllib.parse.quote(iri, safe=""), body,
                      content_type=_NTRIPLES)

    def delete_graph_now(self, iri: str) -> None:
        """Graph Store Protocol ``DELETE ?graph=iri`` (a graph that is not there is fine)."""
        try:
            self._request("DELETE", self.endpoints.gsp + "?graph=" + urllib.parse.quote(iri, safe=""))
        except _HttpError as e:
            if e.code != 404:
                raise

    # -- the lease ---------------------------------------------------------
    def write_token(self) -> str | None:
        """The store's write token: renewed by every commit (``RemoteWriter.commit``); None before
        the first write of a provkg that keeps one.  An ingest reads it before anything else and
        writes only while it is unchanged (``graph.loader``)."""
        rows = self.select_terms("SELECT ?t WHERE { GRAPH %s { %s %s ?t } }" % (_LOCK_G, _STORE_NODE, _TOKEN))
        return min(r["t"].value for r in rows) if rows else None

    def _claims(self) -> list[tuple[str, float]]:
        """The lease claims on the server: ``(claim IRI, expiry as seconds since the epoch)``."""
        rows = self.select_terms("SELECT ?c ?t WHERE { GRAPH %s { ?c %s ?t } }" % (_LOCK_G, _EXPIRES))
        out = []
        for r in rows:
            try:
                out.append((r["c"].value, float(r["t"].value)))
            except (ValueError, AttributeError):
                out.append((str(r["c"]), 0.0))
        return out

    def _claim_quads(self, claim: ox.NamedNode, expires: float) -> str:
        holder = f"{socket.gethostname()} pid {os.getpid()}"
        return (f"GRAPH {_LOCK_G} {{ {claim} {_EXPIRES} {_seconds(expires)} . "
                f"{claim} {_HOLDER} {ox.Literal(holder)} . }}")

    def _lock_wait(self) -> float:
        return lock_wait_seconds(self.lock_timeout)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the server store's write lease inside the block (re-entrant for one ``RemoteStore``).

        SPARQL Update gives no atomic compare-and-set across concurrent requests (an Oxigraph
        server applied two ``INSERT … WHERE { FILTER NOT EXISTS … }`` at once in 6 of 100 tries),
        so the lease is taken by announcing, then looking: each writer inserts its own claim
        (``<…/lease/TOKEN> lock#expires T``, an unconditional insert), then reads every claim.  It
        holds the lease when its claim is the only unexpired one; otherwise it withdraws the claim,
        waits a random moment and tries again.  Of writers that overlap, the later reader always
        sees the earlier claim, so at most one holds it.  A claim lives ``LEASE_SECONDS`` and is
        renewed by a thread every quarter of that; a claim left by a killed writer expires and is
        removed by the next writer.  A writer that must wait calls ``on_lock_wait`` once and gives
        up after ``lock_timeout`` seconds (``$PROVKG_LOCK_TIMEOUT``, default 600).

        Raises
        ------
        StoreLockedError
            Another writer held the lease for the whole wait.
        StoreError
            The server cannot be reached.
        """
        if self._lock_depth:
            self._lock_depth += 1
            try:
                yield
            finally:
                self._lock_depth -= 1
            return
        claim = ox.NamedNode(_LEASE + uuid.uuid4().hex)
        wait = self._lock_wait()
        deadline = time.monotonic() + wait
        told = False
        while True:
            now = time.time()
            self.update("DELETE { GRAPH %s { ?c ?p ?o } } WHERE { GRAPH %s { ?c %s ?t ; ?p ?o "
                        "FILTER(?t < %s) } }" % (_LOCK_G, _LOCK_G, _EXPIRES, _seconds(now)))
            self.update("INSERT DATA { " + self._claim_quads(claim, now + LEASE_SECONDS) + " }")
            live = [c for c, t in self._claims() if t >= time.time() or c == claim.value]
            if live == [claim.value]:
                break
            self.update("DELETE WHERE { GRAPH %s { %s ?p ?o } }" % (_LOCK_G, claim))
            if time.monotonic() >= deadline:
                raise StoreLockedError(f"{self.url}: another provkg process is writing this store"
                                       + (f" (waited {wait:g} s)" if wait else "") + "; try again when it has finished")
            if not told and self.on_lock_wait is not None:
                told = True
                self.on_lock_wait()
            time.sleep(0.05 + random.random() * 0.2)
        self._claim = claim
        self._lease_lost = False
        stop = threading.Event()

        def renew() -> None:
            while not stop.wait(LEASE_SECONDS / 4):
                try:
                    self.update("DELETE { GRAPH %s { %s %s ?t } } INSERT { %s } WHERE { GRAPH %s { %s %s ?t } }" % (
                        _LOCK_G, claim, _EXPIRES,
                        f"GRAPH {_LOCK_G} {{ {claim} {_EXPIRES} "
                        f"{_seconds(time.time() + LEASE_SECONDS)} }}",
                        _LOCK_G, claim, _EXPIRES))
                except StoreError:
                    pass  # the commit checks the claim (``_check_lease``)

        beat = threading.Thread(target=renew, name="provkg-lease", daemon=True)
        beat.start()
        self._lock_depth = 1
        try:
            yield
        finally:
            self._lock_depth = 0
            stop.set()
            beat.join(timeout=5)
            self._claim = None
            with contextlib.suppress(StoreError):
                self.update("DELETE WHERE { GRAPH %s { %s ?p ?o } }" % (_LOCK_G, claim))

    def _check_lease(self, expect: object) -> None:
        """Raise ``StoreMovedError`` unless this process's lease claim is still there and unexpired (no
        other writer took the store as expired) and the write token is ``expect`` (any, for
        ``ANY_BASE``): the commit check of ``RemoteWriter.commit``."""
        claim = getattr(self, "_claim", None)
        now = time.time()
        # Other claims may be there for a moment (a writer announcing itself, about to see this one and
        # withdraw); what matters is that this one is still there and unexpired: no one took it away.
        mine = [t for c, t in self._claims() if claim is not None and c == claim.value]
        if not mine or max(mine) < now:
            raise StoreMovedError(f"{self.url}: this write lost its lease (another writer took the store after "
                                  f"{LEASE_SECONDS:g} s without renewal); nothing was committed")
        if expect is not ANY_BASE and self.write_token() != expect:
            raise StoreMovedError(f"{self.url}: another write changed the store after this one read it; "
                                  "nothing was committed")

    @contextlib.contextmanager
    def writer(self, *, expect: str | None | object = ANY_BASE) -> Iterator[RemoteWriter]:
        """One write to the server, holding the lease (``lock``).

        Nothing is sent while the ``with`` block runs; an exception in it sends
        nothing.  On normal exit, ``RemoteWriter.commit`` first checks that this process still
        holds the lease and that the write token is ``expect`` (the token the caller read what it
        writes from; ``StoreMovedError`` otherwise, nothing sent), then sends, in this order:

        1. each named graph given to ``put_graph`` with one Graph Store
           ``PUT`` (atomic per graph on Oxigraph and Fuseki: a reader sees the
           old graph or the new one, never half);
        2. everything else -- dropped graphs, removed and added provenance
           quads, and a new write token -- as **one** SPARQL Update request, which Oxigraph and
           Fuseki apply in one transaction.  This is the commit point: the
           provenance graph records the new revisions only if every graph
           they name is on the server, so a failed or killed run leaves no
           half-recorded revision.

        If a step fails, the graphs that this write created (not there when it
        began) are deleted again, best effort, and ``StoreError`` is raised.
        """
        with self.lock():
            w = RemoteWriter(self)
            w.expect = expect
            yield w
            w.commit()


class RemoteWriter:
    """The changes of one ``RemoteStore.writer()`` write, queued until ``commit()``.

    Implements ``graph.backend.GraphWriter``.  Blank nodes are refused (P13).
    """

    def __init__(self, store: RemoteStore):
        self.store = store
        self._graphs: dict[str, list[ox.Triple] | None] = {}  # iri -> triples to PUT, or None to drop
        self._add: list[ox.Quad] = []
        self._remove: list[ox.Quad] = []
        self._patterns: list[tuple[object, object, object, ox.NamedNode]] = []
        self.requests = 0
        #: The write token the caller read what it writes from (``RemoteStore.writer``).
        self.expect: object = ANY_BASE

    def put_graph(self, iri: str, quads: Iterable[ox.Quad | ox.Triple]) -> None:
        """Queue the whole named graph ``iri`` for one ``PUT`` (replaces an earlier put or drop)."""
        g = ox.NamedNode(iri)
        triples = []
        for q in quads:
            _no_bnodes(q, f"put_graph({iri})")
            if isinstance(q, ox.Quad):
                if q.graph_name != g:
                    raise StoreError(f"put_graph({iri}): quad in another graph {q.graph_name}")
                q = q.triple
            triples.append(q)
        self._graphs[iri] = triples

    def drop_graph(self, iri: str) -> None:
        """Queue the removal of a named graph (``DROP SILENT GRAPH``)."""
        self._graphs[iri] = None

    def add(self, quads: Iterable[ox.Quad]) -> None:
        """Queue quads for the final ``INSERT DATA``."""
        for q in quads:
            _no_bnodes(q, "add")
            self._add.append(q)

    def remove(self, quads: Iterable[ox.Quad]) -> None:
        """Queue quads for the final ``DELETE DATA``."""
        for q in quads:
            _no_bnodes(q, "remove")
            self._remove.append(q)

    def remove_matching(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
                        obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode) -> None:
        """Queue a ``DELETE WHERE { GRAPH graph { s p o } }`` (``None`` = a variable)."""
        self._patterns.append((subject, predicate, obj, graph))

    def match(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
              obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode | None) -> list[ox.Quad]:
        """Quads on the server matching the pattern (queued changes are not visible)."""
        b = {k: v for k, v in (("s", subject), ("p", predicate), ("o", obj), ("g", graph)) if v is not None}
        rows = self.store.select_terms("SELECT ?s ?p ?o ?g WHERE { GRAPH ?g { ?s ?p ?o } }", **b)
        return [ox.Quad(r["s"], r["p"], r["o"], r["g"]) for r in rows]

    def match_existing(self, subject: ox.NamedNode | None, predicate: ox.NamedNode | None,
                       obj: ox.NamedNode | ox.Literal | None, graph: ox.NamedNode | None) -> list[ox.Quad]:
        """``match`` (queued changes are never visible here); the embedded ``Writer`` has the same method."""
        return self.match(subject, predicate, obj, graph)

    def has_graph(self, iri: str) -> bool:
        """True when the named graph ``iri`` holds quads on the server (one query; queued puts are not seen)."""
        return bool(self._existing([iri]))

    def update_text(self) -> str:
        """The final SPARQL Update: drops, deletions, then insertions (terms in N-Triples form)."""
        ops = [f"DROP SILENT GRAPH {ox.NamedNode(iri)}" for iri, t in sorted(self._graphs.items()) if t is None]

        def data(quads: list[ox.Quad]) -> str:
            by: dict[str, list[str]] = defaultdict(list)
            for q in quads:
                by[str(q.graph_name)].append(f"{q.subject} {q.predicate} {q.object} .")
            return " ".join(f"GRAPH {g} {{\n" + "\n".join(lines) + "\n}" for g, lines in sorted(by.items()))

        if self._remove:
            ops.append("DELETE DATA { " + data(self._remove) + " }")
        for s, p, o, g in self._patterns:
            terms = [str(t) if t is not None else v for t, v in ((s, "?s"), (p, "?p"), (o, "?o"))]
            ops.append(f"DELETE WHERE {{ GRAPH {g} {{ {' '.join(terms)} }} }}")
        if self._add:
            ops.append("INSERT DATA { " + data(self._add) + " }")
        return " ;\n".join(ops)

    def _existing(self, graphs: Iterable[str]) -> set[str]:
        """Which of ``graphs`` already hold quads on the server (one query over those graphs only)."""
        values = " ".join(str(ox.NamedNode(g)) for g in graphs)
        rows = self.store.select("SELECT DISTINCT ?g WHERE { VALUES ?g { %s } GRAPH ?g { ?s ?p ?o } }" % values)
        return {str(r["g"]) for r in rows}

    def commit(self) -> None:
        """Send the queued changes (see ``RemoteStore.writer`` for the order and the guarantees).

        Raises ``StoreError`` when a request fails, after deleting the graphs this write created.
        """
        puts = {iri: t for iri, t in self._graphs.items() if t}
        for iri, t in self._graphs.items():
            if t is not None and not t:  # an empty graph is no graph
                self._graphs[iri] = None
        update = self.update_text()
        if not puts and not update:
            return
        self.store._check_lease(self.expect)
        token = ox.Literal(uuid.uuid4().hex)
        ops_token = (f"DELETE WHERE {{ GRAPH {_LOCK_G} {{ {_STORE_NODE} {_TOKEN} ?t }} }} ;\n"
                     f"INSERT DATA {{ GRAPH {_LOCK_G} {{ {_STORE_NODE} {_TOKEN} {token} }} }}")
        update = (update + " ;\n" if update else "") + ops_token
        before = self._existing(puts) if puts else set()
        done: list[str] = []
        try:
            if puts:
                with ThreadPoolExecutor(max_workers=min(self.store.workers, len(puts))) as ex:
                    futs = {ex.submit(self.store.put_graph_now, iri, t): iri for iri, t in sorted(puts.items())}
                    err: StoreError | None = None
                    for f, iri in futs.items():
                        try:
                            f.result()
                            done.append(iri)
                        except StoreError as e:
                            err = err or e
                    self.requests += len(futs)
                    if err is not None:
                        raise err
            if update:
                self.store.update(update)
                self.requests += 1
        except StoreError:
            for iri in done:
                if iri not in before:
                    with contextlib.suppress(StoreError):
                        self.store.delete_graph_now(iri)
            raise
