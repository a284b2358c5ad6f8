"""Real SPARQL servers for the tests, each started on 127.0.0.1 on a free port and stopped after.

* ``OxigraphServer``: ``oxigraph serve`` from the ``oxigraph`` PyPI package (the test extra).
* ``VirtuosoServer``: ``virtuoso-t`` from Debian's ``virtuoso-opensource`` (``.ci/run`` installs it), a new
  database in a temporary folder with the settings ``docs/SCALING.md`` gives; provkg reaches it as
  ``http://dba:dba@127.0.0.1:PORT/sparql`` (updates and graphs through the Digest-protected endpoints).
* ``JenaServer``: Apache Jena ARQ over a TDB2 dataset from Debian's ``libapache-jena-java`` (4.5.0), behind
  ``tests/servers/JenaSparqlServer.java`` (compiled with the JDK's ``javac``): Fuseki's own HTTP layer is
  packaged by neither Debian nor PyPI, so this front lays its endpoints out as a Fuseki dataset does and
  leaves evaluation, updates and result writing to Jena.  It asks for HTTP Basic authentication.

A missing program makes the tests that need it skip with a one-line reason.  ``provkg_graphs_cleared``
empties a dataset the way provkg may: only its own graphs are dropped, never a server's system graphs.
"""
from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Server:
    """A server process; ``url`` is what provkg takes as ``--store`` (credentials included)."""

    name = "server"
    url = ""
    version = ""
    proc: subprocess.Popen | None = None

    def _wait(self, probe: str, seconds: float, log: Path | None = None) -> None:
        deadline = time.monotonic() + seconds
        while True:
            try:
                urllib.request.urlopen(probe, timeout=2).read()
                return
            except urllib.error.HTTPError:
                return  # it answers (401 and the like): it is up
            except OSError:
                if self.proc is not None and self.proc.poll() is not None:
                    text = log.read_text("utf-8", "replace")[-400:] if log and log.exists() else ""
                    raise RuntimeError(f"{self.name} exited ({self.proc.returncode}): {text}")
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"{self.name} did not answer within {seconds:g} s")
                time.sleep(0.1)

    def stop(self) -> None:
        """Stop the process (SIGTERM, then SIGKILL after 10 s) and wait for it."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# ---------------------------------------------------------------------------------------------- Oxigraph

def oxigraph_bin() -> str | None:
    """The ``oxigraph`` server binary of this venv (the PyPI package), or one on PATH."""
    b = Path(sys.executable).parent / "oxigraph"
    return str(b) if b.exists() else shutil.which("oxigraph")


class OxigraphServer(_Server):
    """``oxigraph serve --location DIR --bind 127.0.0.1:PORT``."""

    name = "oxigraph"

    def __init__(self, location: Path):
        exe = oxigraph_bin()
        if exe is None:
            pytest.skip("the Oxigraph server binary is not installed (pip install 'oxigraph>=0.5.13,<0.6', "
                        "part of the test extra)")
        self.version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = Path(location).with_suffix(".log")
        with open(self.log, "wb") as fh:
            self.proc = subprocess.Popen([exe, "serve", "--location", str(location), "--bind", f"127.0.0.1:{self.port}"],
                                         stdout=subprocess.DEVNULL, stderr=fh)
        self._wait(self.url + "/query?query=ASK%7B%7D", 20, self.log)


# ---------------------------------------------------------------------------------------------- Virtuoso

VIRTUOSO_BIN = "/usr/bin/virtuoso-t"
#: The [SPARQL] and [Parameters] settings docs/SCALING.md gives for a provkg server (tested here).
VIRTUOSO_SETTINGS = {
    "SPARQL": {"ResultSetMaxRows": "10000000", "MaxQueryExecutionTime": "0", "MaxQueryCostEstimationTime": "0",
               "MaxSortedTopRows": "10000000"},
}


def _virtuoso_ini(d: Path, sql_port: int, http_port: int) -> str:
    vad = "/usr/share/virtuoso-opensource-7/vad"
    root = "/var/lib/virtuoso-opensource-7/vsp"
    extra = "".join(f"[{sec}]\n" + "".join(f"{k} = {v}\n" for k, v in kv.items()) for sec, kv in VIRTUOSO_SETTINGS.items())
    return f"""[Database]
DatabaseFile = {d}/virtuoso.db
ErrorLogFile = {d}/virtuoso.log
LockFile = {d}/virtuoso.lck
TransactionFile = {d}/virtuoso.trx
xa_persistent_file = {d}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
Striping = 0
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = {d}/virtuoso-temp.db
TransactionFile = {d}/virtuoso-temp.trx
[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
CheckpointInterval = 0
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
ThreadsPerQuery = 2
DirsAllowed = ., {vad}
VADInstallDir = {vad}/
[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {root}
ServerThreads = 10
Charset = UTF-8
{extra}"""


class VirtuosoServer(_Server):
    """``virtuoso-t +foreground +configfile DIR/virtuoso.ini``: a new database, SQL and HTTP on 127.0.0.1 only.

    ``url`` is ``http://dba:dba@127.0.0.1:PORT/sparql`` (the new database's administrator), so provkg
    queries ``/sparql``, updates ``/sparql-auth`` and puts graphs to ``/sparql-graph-crud-auth``, both
    with HTTP Digest authentication.
    """

    name = "virtuoso"

    def __init__(self, location: Path):
        if not os.path.exists(VIRTUOSO_BIN):
            pytest.skip("Virtuoso is not installed (Debian: apt-get install virtuoso-opensource; .ci/run does)")
        d = Path(location)
        d.mkdir(parents=True, exist_ok=True)
        out = subprocess.run([VIRTUOSO_BIN, "-?"], capture_output=True, text=True)
        line = next((ln for ln in (out.stdout + out.stderr).splitlines() if "Version" in ln), "")
        self.version = "Virtuoso Open Source " + line.split("Version", 1)[-1].strip() if line else "Virtuoso"
        self.port = free_port()
        (d / "virtuoso.ini").write_text(_virtuoso_ini(d, free_port(), self.port), "utf-8")
        self.log = d / "stdout.log"
        with open(self.log, "wb") as fh:
            self.proc = subprocess.Popen([VIRTUOSO_BIN, "+foreground", "+configfile", str(d / "virtuoso.ini")],
                                         cwd=d, stdout=fh, stderr=subprocess.STDOUT)
        self.url = f"http://dba:dba@127.0.0.1:{self.port}/sparql"
        self._wait(f"http://127.0.0.1:{self.port}/sparql?query=ASK%7B%7D", 60, self.log)


# ---------------------------------------------------------------------------------------------- Jena

_JENA_DEPS = ("jena-*", "commons-cli", "commons-codec", "commons-compress", "commons-csv", "commons-io",
              "commons-lang3", "dexx.collection", "gson", "guava", "httpclient", "httpcore", "jackson-annotations",
              "jackson-core", "jackson-databind", "jakarta.json-api", "jsonld-java", "protobuf", "slf4j-api",
              "slf4j-nop", "thrift", "titanium-json-ld", "commons-logging")
_JENA_BUILD: dict[str, object] = {}


def _jena_classpath() -> str | None:
    """The Debian jars Jena needs, plus a folder holding the shim and the resources the package misplaced."""
    if "cp" in _JENA_BUILD:
        return _JENA_BUILD["cp"]  # type: ignore[return-value]
    jars = []
    for pat in _JENA_DEPS:
        jars += [j for j in glob.glob(f"/usr/share/java/{pat}.jar") if not re.search(r"-\d[\d.]*$", Path(j).stem)]
    if not any(Path(j).name == "jena-arq.jar" for j in jars) or not shutil.which("javac") or not shutil.which("java"):
        _JENA_BUILD["cp"] = None
        return None
    build = Path(tempfile.mkdtemp(prefix="provkg-jena-"))
    _JENA_BUILD["dir"] = build
    # Debian's jena-core moves the shaded Xerces classes from org.apache.jena.ext.xerces to xerces but
    # leaves their message resources behind, so every XSD datatype fails to initialise ("internal
    # error"); the resources copied to where the classes look for them mend it.
    import zipfile

    with zipfile.ZipFile("/usr/share/java/jena-core.jar") as z:
        for n in z.namelist():
            if n.startswith("org/apache/jena/ext/xerces/") and not n.endswith("/"):
                target = build / n.replace("org/apache/jena/ext/xerces/", "xerces/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(n))
    cp = ":".join(sorted(jars))
    r = subprocess.run(["javac", "-nowarn", "-d", str(build), "-cp", cp, str(HERE / "servers" / "JenaSparqlServer.java")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"javac JenaSparqlServer.java failed: {r.stderr[-400:]}")
    _JENA_BUILD["cp"] = cp + ":" + str(build)
    return _JENA_BUILD["cp"]  # type: ignore[return-value]


class JenaServer(_Server):
    """Jena ARQ + TDB2 (Debian ``libapache-jena-java``) behind ``JenaSparqlServer``: ``http://u:p@127.0.0.1:PORT/ds``.

    Requests need HTTP Basic authentication (user ``provkg``, password ``s3cret:&``, which percent-encoding
    has to carry).
    """

    name = "jena"
    user, password = "provkg", "s3cret:&"

    def __init__(self, location: Path):
        cp = _jena_classpath()
        if cp is None:
            pytest.skip("Apache Jena is not installed (Debian: apt-get install libapache-jena-java "
                        "default-jdk-headless; .ci/run does)")
        ver = next(iter(glob.glob("/usr/share/java/jena-arq-*.jar")), "jena-arq-?.jar")
        self.version = "Apache Jena ARQ/TDB2 " + Path(ver).stem.removeprefix("jena-arq-") + " (Debian libapache-jena-java)"
        self.port = free_port()
        self.log = Path(location).with_suffix(".log")
        with open(self.log, "wb") as fh:
            self.proc = subprocess.Popen(["java", "-Xmx512m", "-cp", cp, "JenaSparqlServer", str(self.port), str(location),
                                          f"{self.user}:{self.password}"], stdout=fh, stderr=subprocess.STDOUT)
        from urllib.parse import quote

        self.url = f"http://{self.user}:{quote(self.password, safe='')}@127.0.0.1:{self.port}/ds"
        self._wait(f"http://127.0.0.1:{self.port}/ds/query?query=ASK%7B%7D", 60, self.log)


SERVERS = {"oxigraph": OxigraphServer, "virtuoso": VirtuosoServer, "jena": JenaServer}


def start(kind: str, location: Path) -> _Server:
    """Start a server of ``kind`` (a key of ``SERVERS``) with its data in ``location``."""
    return SERVERS[kind](location)


def provkg_graphs_cleared(url: str) -> None:
    """Drop every graph of provkg's on the server at ``url`` (and none of the server's own)."""
    from graph.remote import RemoteStore

    st = RemoteStore(url)
    graphs = st.named_graphs()
    if graphs:
        st.update(" ;\n".join(f"DROP SILENT GRAPH <{g}>" for g in graphs))
