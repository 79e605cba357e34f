#!/usr/bin/env python3
"""A fault-injecting reverse proxy for the CalDAV tests: a misbehaving nginx in front of a real
Radicale or Xandikos.

    fault-proxy.py --port-file FILE --rules FILE --log FILE [--upstream URL] [--port PORT]

It listens on 127.0.0.1 (--port, else a free port; written to --port-file) and passes every request through
to --upstream, unless a rule in --rules (a JSON list, read again for every request) matches it.
A rule is an object:

    {"method": "PUT", "path": "part of the path", "times": 1, "action": ...}

"method", "path" and "holding" (text the request's body must hold) are optional filters; "times"
is how many requests it applies to (-1: all; the proxy counts down in the file). Actions:

    "answer"    answer "status" (default 500) with "body" as "type" (default text/html)
    "truncate"  pass the request on, then send half the answer's body under a Content-Length
                larger than the whole and close the connection
    "hang"      read the request and never answer (until the client goes)
    "redirect"  answer 307 with Location: "location" + the request's path
    "trickle"   pass the request on, then send the answer's body one byte every 0.5 s
    "rewrite"   pass the request on, and answer with every "from" in the body replaced by "to"
    "huge"      answer 207 with a body of "size" bytes (XML-looking), under a Content-Length, or
                chunked with "chunked": true
    "hook"      run `sh -c "hook"` (PROXY_PATH, PROXY_COUNT and PROXY_UPSTREAM in its
                environment) before passing the request on: another client's change between
                our read and our write

Every request is logged to --log as one JSON line (method, path, headers, the rule applied).
Without --upstream, every request that no rule answers gets a 404 (a second server that only
records what reaches it).
"""

import argparse
import http.client
import http.server
import json
import os
import socket
import subprocess
import threading
import time
import urllib.parse

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade", "te", "trailer"}


class Proxy(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, options):
        super().__init__(("127.0.0.1", options.port), Handler)
        self.options = options
        self.lock = threading.Lock()
        self.counts = {}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def rule(self, body):
        """The first rule that matches this request, counted down in the rules file."""
        options = self.server.options
        with self.server.lock:
            try:
                with open(options.rules) as file:
                    rules = json.load(file)
            except (OSError, ValueError):
                return None
            for index, rule in enumerate(rules):
                if rule.get("method", self.command) != self.command:
                    continue
                if rule.get("path", "") not in self.path:
                    continue
                if rule.get("holding", "").encode() not in body:
                    continue
                times = rule.get("times", -1)
                if times == 0:
                    continue
                if times > 0:
                    rules[index]["times"] = times - 1
                    with open(options.rules + ".new", "w") as file:
                        json.dump(rules, file)
                    os.replace(options.rules + ".new", options.rules)
                key = json.dumps(rule.get("action")) + str(index)
                self.server.counts[key] = self.server.counts.get(key, 0) + 1
                return dict(rule, count=self.server.counts[key])
        return None

    def log(self, rule):
        entry = {
            "method": self.command,
            "path": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "action": rule and rule.get("action"),
        }
        with self.server.lock, open(self.server.options.log, "a") as file:
            file.write(json.dumps(entry) + "\n")

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        rule = self.rule(body)
        self.log(rule)
        action = rule and rule.get("action")
        if action == "answer":
            self.answer(rule.get("status", 500), rule.get("body", "").encode(), rule.get("type", "text/html"))
        elif action == "hang":
            # Wait until the client gives up (closes), without a byte of answer.
            self.connection.settimeout(1)
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                try:
                    if self.connection.recv(1, socket.MSG_PEEK) == b"":
                        break
                except socket.timeout:
                    continue
                except OSError:
                    break
            self.close_connection = True
        elif action == "huge":
            self.huge(rule.get("size", 1 << 20), rule.get("chunked", False))
        elif action == "redirect":
            self.send_response(307)
            self.send_header("Location", rule["location"].rstrip("/") + self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            if action == "hook":
                environment = dict(
                    os.environ,
                    PROXY_PATH=self.path,
                    PROXY_COUNT=str(rule["count"]),
                    PROXY_UPSTREAM=self.server.options.upstream or "",
                )
                subprocess.run(["sh", "-c", rule["hook"]], env=environment, check=False)
            if not self.server.options.upstream:
                self.answer(404, b"not here", "text/plain")
                return
            status, headers, answer = self.forward(body)
            if action == "rewrite":
                answer = answer.replace(rule["from"].encode(), rule["to"].encode())
            if action == "trickle":
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                try:
                    for index in range(len(answer)):
                        self.wfile.write(answer[index : index + 1])
                        self.wfile.flush()
                        time.sleep(0.5)
                except OSError:
                    pass
                self.close_connection = True
            elif action == "truncate":
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                # More than will come, even for an empty answer.
                self.send_header("Content-Length", str(len(answer) + 64))
                self.end_headers()
                self.wfile.write(answer[: len(answer) // 2])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
            else:
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

    def huge(self, size, chunked):
        """A 207 answer of `size` bytes: the start of a multistatus, then filler."""
        self.send_response(207)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        block = b"<!-- " + b"x" * 65526 + b" -->"
        sent = 0
        try:
            while sent < size:
                part = block[: size - sent]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(part) + part + b"\r\n")
                else:
                    self.wfile.write(part)
                sent += len(part)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        self.close_connection = True

    def forward(self, body):
        """The upstream server's answer to this request: status, headers to pass on, body."""
        upstream = urllib.parse.urlsplit(self.server.options.upstream)
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        headers.pop("Expect", None)
        connection.request(self.command, self.path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        passed = [
            (name, value)
            for name, value in response.getheaders()
            if name.lower() not in HOP_BY_HOP and name.lower() != "content-length"
        ]
        connection.close()
        return response.status, passed, answer

    def answer(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_PROPPATCH = do_REPORT = do_MKCALENDAR = do_OPTIONS = do_HEAD = (
        do_POST
    ) = do_MKCOL = do_MOVE = do_COPY = handle_any


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--upstream")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--rules", required=True)
    parser.add_argument("--log", required=True)
    options = parser.parse_args()
    if not os.path.exists(options.rules):
        with open(options.rules, "w") as file:
            file.write("[]")
    proxy = Proxy(options)
    with open(options.port_file + ".new", "w") as file:
        file.write(str(proxy.server_address[1]))
    os.replace(options.port_file + ".new", options.port_file)
    proxy.serve_forever()


if __name__ == "__main__":
    main()
