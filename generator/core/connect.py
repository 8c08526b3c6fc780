"""Chains of like pieces: the one search every connection game's judge needs."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def chain(starts: Iterable[Node], goals: set[Node],
          *, neighbours: Callable[[Node], Iterable[Node]]) -> list[Node] | None:
    """A shortest chain from any start to any goal, stepping only where `neighbours` allows,
    or None. Breadth first, so the chain a figure highlights has no detours."""
    parent: dict[Node, Node | None] = {}
    queue: deque[Node] = deque()
    for s in starts:
        if s not in parent:
            parent[s] = None
            queue.append(s)
    while queue:
        node = queue.popleft()
        if node in goals:
            path = [node]
            while (back := parent[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        for n in neighbours(node):
            if n not in parent:
                parent[n] = node
                queue.append(n)
    return None
