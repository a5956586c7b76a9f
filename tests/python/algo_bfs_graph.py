# Graph search: dict of adjacency lists, BFS with a list queue (pop(0)), DFS by recursion,
# visited sets of ints, shortest paths via parent links, connected components.
edges = [(1, 2), (1, 3), (2, 4), (3, 4), (4, 5), (5, 6), (7, 8), (8, 9), (9, 7), (10, 10), (6, 3)]
graph = {}
for u, v in edges:
    graph.setdefault(u, []).append(v)
    graph.setdefault(v, []).append(u)
for node in sorted(graph):
    print(node, "->", sorted(graph[node]))

def bfs(start):
    dist = {start: 0}
    parent = {start: None}
    queue = [start]
    order = []
    while queue:
        cur = queue.pop(0)
        order.append(cur)
        for nxt in sorted(graph[cur]):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                parent[nxt] = cur
                queue.append(nxt)
    return order, dist, parent

order, dist, parent = bfs(1)
print("bfs order", order)
print("distances", sorted(dist.items()))

def path_to(target):
    path = []
    while target is not None:
        path.append(target)
        target = parent[target]
    return path[::-1]

for t in [1, 4, 6, 5]:
    print("path", t, path_to(t), len(path_to(t)) - 1 == dist[t])

def dfs(node, seen, out):
    seen.add(node)
    out.append(node)
    for nxt in sorted(graph[node]):
        if nxt not in seen:
            dfs(nxt, seen, out)
    return out

print("dfs order", dfs(1, set(), []))
seen = set()
components = []
for node in sorted(graph):
    if node not in seen:
        comp = dfs(node, seen, [])
        components.append(sorted(comp))
print("components", components, len(components))
degrees = {n: len(adj) for n, adj in graph.items()}
print("degrees", sorted(degrees.items(), key=lambda kv: (-kv[1], kv[0])))
print("self loops", [n for n in graph if n in graph[n]])
reach = set(order)
print(reach, 7 in reach, reach - {1, 2}, reach & {5, 6, 7, 8})
levels = {}
for n, d in dist.items():
    levels.setdefault(d, set()).add(n)
for d in sorted(levels):
    print("level", d, sorted(levels[d]))
