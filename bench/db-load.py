# SPDX-License-Identifier: MIT
"""The explorer's server under measure (bench/db-explore.sh), python3's
standard library only.

  db-load.py nodes PORT RUNS [PID]    the time of each node, one request
                                      at a time (median and max of RUNS;
                                      with the server's PID, its CPU time
                                      a request, from /proc)
  db-load.py load PORT CLIENTS TOTAL [filtered]
                                      TOTAL requests from CLIENTS threads
                                      at once, over the nodes of a walk
                                      (or the nodes under filters):
                                      requests/s, latency p50/p95/max,
                                      errors (bounded: a local generator)"""
import http.client
import json
import sys
import threading
import time
import urllib.parse


def get(c, path):
    t = time.perf_counter()
    c.request("GET", path)
    r = c.getresponse()
    body = r.read()
    return r.status, body, time.perf_counter() - t


def conn(port):
    return http.client.HTTPConnection("127.0.0.1", port, timeout=60)


def walk_paths(port):
    """The nodes measured: the start, the first moves, a game's line at
    depths 10, 20 and 30, and the start under filters."""
    c = conn(port)
    q = urllib.parse.quote
    paths = [("start", "/api/explore"),
             ("11-15", "/api/explore?moves=" + q("11-15")),
             ("11-15 23-19", "/api/explore?moves=" + q("11-15 23-19")),
             ("4 plies", "/api/explore?moves=" + q("11-15 23-19 8-11 22-17"))]
    st, body, _ = get(c, "/api/explore")
    top = json.loads(body)["position"]["top"]
    if top:
        st, body, _ = get(c, "/api/game?id=%d" % top[0]["id"])
        plies = json.loads(body)["plies"]
        for d in (10, 20, 30):
            if len(plies) >= d:
                paths.append(("ply %d of game %d" % (d, top[0]["id"]),
                              "/api/explore?fen=" + q(plies[d - 1]["fen"])))
    paths += [("start, player=Tinsley", "/api/explore?player=Tinsley"),
              ("start, date=1950..1960", "/api/explore?date=1950..1960"),
              ("start, result=1-0", "/api/explore?result=1-0"),
              ("11-15, event=Ch", "/api/explore?moves=11-15&event=Ch"),
              ("start, Tinsley 1950..2000 1-0",
               "/api/explore?player=Tinsley&date=1950..2000&result=1-0")]
    c.close()
    return paths


def cpu(pid):
    """The CPU seconds (user and system) of process pid so far."""
    if pid is None:
        return 0.0
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0


def nodes(port, runs, pid=None):
    c = conn(port)
    for name, path in walk_paths(port):
        times = []
        # the first request makes the filters' sets (kept for the next)
        c0 = cpu(pid)
        _, _, first = get(c, path)
        cfirst = cpu(pid) - c0
        c0 = cpu(pid)
        for _ in range(runs):
            st, body, t = get(c, path)
            if st != 200:
                print("  %-28s status %d: %s" % (name, st, body[:80]))
                break
            times.append(t)
        if times:
            times.sort()
            games = json.loads(body)["position"]["games"]
            print("  %-28s %8d games  median %7.2f ms  max %7.2f ms"
                  "  first %7.2f ms%s" %
                  (name, games, 1000 * times[len(times) // 2],
                   1000 * times[-1], 1000 * first,
                   "" if pid is None else
                   "  CPU %6.2f ms (first %6.0f ms)" %
                   (1000 * (cpu(pid) - c0) / len(times), 1000 * cfirst)))
    c.close()


def load(port, clients, total, filtered):
    paths = [p for n, p in walk_paths(port) if (", " in n) == filtered]
    lat, errors = [], []
    lock = threading.Lock()
    per = total // clients

    def client(n):
        c = conn(port)
        mine = []
        for i in range(per):
            try:
                st, _, t = get(c, paths[(n + i) % len(paths)])
                if st != 200:
                    errors.append(st)
                mine.append(t)
            except (OSError, http.client.HTTPException) as e:
                errors.append(str(e))
                c.close()
                c = conn(port)
        c.close()
        with lock:
            lat.extend(mine)

    threads = [threading.Thread(target=client, args=(n,))
               for n in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    lat.sort()
    n = len(lat)
    print("  %3d clients: %5d requests in %6.2f s: %7.1f requests/s;"
          " latency p50 %6.1f ms, p95 %6.1f ms, max %6.1f ms; %d errors" %
          (clients, n, wall, n / wall, 1000 * lat[n // 2],
           1000 * lat[min(n - 1, n * 95 // 100)], 1000 * lat[-1],
           len(errors)))


if __name__ == "__main__":
    if sys.argv[1] == "nodes":
        nodes(int(sys.argv[2]), int(sys.argv[3]),
              int(sys.argv[4]) if len(sys.argv) > 4 else None)
    else:
        load(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
             len(sys.argv) > 5 and sys.argv[5] == "filtered")
