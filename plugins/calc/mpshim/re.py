"""``re`` for MicroPython, whose own module lacks ``\\Z``, lookahead, ``{m,n}``, ``fullmatch``, ``findall``
and ``Match.groups``/``start``.  A small backtracking matcher of the subset calculators/ writes: literals,
``.``, classes (ranges, negation, ``\\d \\s \\w`` and their negations), groups (capturing, ``(?:``, ``(?=``,
``(?!``), ``|``, greedy and lazy ``* + ? {m} {m,} {m,n}``, ``^ $ \\A \\Z``.

As in CPython on str patterns, ``\\s`` is any Unicode white space; ``\\d`` is 0-9 and the full-width digits
(CPython's also takes the other scripts' decimal digits, which no request of the package reaches unnormalised).
"""

_SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008" \
         "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def _digit(c):
    return "0" <= c <= "9" or "\uff10" <= c <= "\uff19"


def _word(c):
    return c == "_" or _digit(c) or c.isalpha() or ("\u00aa" <= c and c.isalpha())


_CLASSES = {"d": _digit, "s": lambda c: c in _SPACE, "w": _word}
_PLAIN_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "0": "\0"}


class error(Exception):
    """A pattern this matcher cannot read."""
    pass


class _Parser:
    def __init__(self, pattern):
        self.p, self.i, self.groups = pattern, 0, 0

    def peek(self):
        return self.p[self.i:self.i + 1]

    def alternation(self):
        options = [self.sequence()]
        while self.peek() == "|":
            self.i += 1
            options.append(self.sequence())
        return ("alt", options) if len(options) > 1 else options[0]

    def sequence(self):
        items = []
        while self.peek() not in ("", "|", ")"):
            items.append(self.quantified(self.atom()))
        return ("seq", items)

    def quantified(self, node):
        c = self.peek()
        if c in ("*", "+", "?"):
            self.i += 1
            low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        elif c == "{" and self._counted():
            low, high = self._counted(consume=True)
        else:
            return node
        lazy = self.peek() == "?"
        if lazy:
            self.i += 1
        return ("repeat", node, low, high, lazy)

    def _counted(self, consume=False):
        end = self.p.find("}", self.i)
        body = self.p[self.i + 1:end] if end > 0 else ""
        low, _, high = body.partition(",")
        if not low.isdigit() or (high and not high.isdigit()):
            return None
        if consume:
            self.i = end + 1
        return int(low), (int(high) if high else (None if "," in body else int(low)))

    def atom(self):
        c = self.peek()
        self.i += 1
        if c == "(":
            return self.group()
        if c == "[":
            return self.klass()
        if c == ".":
            return ("test", lambda ch: ch != "\n")
        if c == "^":
            return ("start",)
        if c == "$":
            return ("dollar",)
        if c == "\\":
            return self.escape(in_class=False)
        return ("char", c)

    def group(self):
        kind = "group"
        if self.p.startswith("?:", self.i):
            kind, self.i = "plain", self.i + 2
        elif self.p.startswith("?=", self.i) or self.p.startswith("?!", self.i):
            kind, self.i = ("ahead" if self.p[self.i + 1] == "=" else "not-ahead"), self.i + 2
        elif self.peek() == "?":
            raise error("unsupported group at position %d" % self.i)
        number = None
        if kind == "group":
            self.groups += 1
            number = self.groups
        body = self.alternation()
        if self.peek() != ")":
            raise error("missing ), unterminated subpattern")
        self.i += 1
        return (kind, body, number)

    def escape(self, in_class):
        c = self.peek()
        self.i += 1
        if c.lower() in _CLASSES:
            test = _CLASSES[c.lower()]
            return ("test", test if c.islower() else (lambda ch: not test(ch)))
        if not in_class and c == "Z":
            return ("end",)
        if not in_class and c == "A":
            return ("start",)
        return ("char", _PLAIN_ESCAPES.get(c, c))

    def klass(self):
        negate = self.peek() == "^"
        if negate:
            self.i += 1
        tests, first = [], True
        while first or self.peek() != "]":
            if self.peek() == "":
                raise error("unterminated character set")
            first = False
            c = self.peek()
            self.i += 1
            item = self.escape(in_class=True) if c == "\\" else ("char", c)
            if item[0] == "char" and self.peek() == "-" and self.p[self.i + 1:self.i + 2] not in ("]", ""):
                self.i += 1
                c2 = self.peek()
                self.i += 1
                high = self.escape(in_class=True)[1] if c2 == "\\" else c2
                tests.append(_range(item[1], high))
            elif item[0] == "char":
                tests.append(_range(item[1], item[1]))
            else:
                tests.append(item[1])
        self.i += 1
        return ("test", lambda ch: any(t(ch) for t in tests) != negate)


def _range(low, high):
    return lambda ch: low <= ch <= high


def _compile(node, k):
    """A matcher ``m(text, i, marks)`` -> the end of the whole match or None, continuing with ``k``."""
    kind = node[0]
    if kind == "seq":
        for item in reversed(node[1]):
            k = _compile(item, k)
        return k
    if kind == "char":
        ch = node[1]
        return lambda t, i, g: k(t, i + 1, g) if t[i:i + 1] == ch else None
    if kind == "test":
        test = node[1]
        return lambda t, i, g: k(t, i + 1, g) if i < len(t) and test(t[i]) else None
    if kind == "start":
        return lambda t, i, g: k(t, i, g) if i == 0 else None
    if kind in ("end", "dollar"):
        newline = kind == "dollar"
        return lambda t, i, g: k(t, i, g) if i == len(t) or (newline and i == len(t) - 1 and t[i] == "\n") else None
    if kind == "alt":
        options = [_compile(o, k) for o in node[1]]
        return lambda t, i, g: next((e for e in (o(t, i, g) for o in options) if e is not None), None)
    if kind in ("group", "plain"):
        return _group(node, k)
    if kind in ("ahead", "not-ahead"):
        inner, want = _compile(node[1], lambda t, i, g: i), kind == "ahead"
        return lambda t, i, g: k(t, i, g) if (inner(t, i, g) is not None) == want else None
    return _repeat(node, k)


def _group(node, k):
    number = node[2]
    if number is None:
        return _compile(node[1], k)

    def close(t, i, g):
        saved = g.get(number)
        g[number] = (g["open%d" % number], i)
        end = k(t, i, g)
        if end is None:
            if saved is None:
                g.pop(number, None)
            else:
                g[number] = saved
        return end
    inner = _compile(node[1], close)

    def open_(t, i, g):
        saved = g.get("open%d" % number)
        g["open%d" % number] = i
        end = inner(t, i, g)
        if end is None and saved is not None:
            g["open%d" % number] = saved
        return end
    return open_


def _single(node):
    """The test of one character that ``node`` is (a literal or a class), or None."""
    if node[0] == "char":
        ch = node[1]
        return lambda c: c == ch
    return node[1] if node[0] == "test" else None


def _repeat(node, k):
    _, body, low, high, lazy = node
    test = _single(body)
    if test is not None:  # one character at a time: a loop, not a recursion per repetition (long inputs)
        def run(t, i, g):
            most = i
            limit = len(t) if high is None else min(len(t), i + high)
            while most < limit and test(t[most]):
                most += 1
            if most - i < low:
                return None
            ends = range(i + low, most + 1) if lazy else range(most, i + low - 1, -1)
            for j in ends:
                end = k(t, j, g)
                if end is not None:
                    return end
            return None
        return run

    def attempt(t, i, g, count):
        if high is not None and count >= high:
            return k(t, i, g)
        more = lambda t2, j, g2: None if j == i and count >= low else attempt(t2, j, g2, count + 1)  # noqa: E731
        step = _compile(body, more)
        if count < low:
            return step(t, i, g)
        if lazy:
            end = k(t, i, g)
            return end if end is not None else step(t, i, g)
        end = step(t, i, g)
        return end if end is not None else k(t, i, g)
    return lambda t, i, g: attempt(t, i, g, 0)


class Match:
    """A match: ``group``, ``groups``, ``start``, ``end``, ``span`` as CPython's."""
    def __init__(self, text, start, end, marks, groups):
        self.string, self._spans = text, [(start, end)] + [marks.get(n, (-1, -1)) for n in range(1, groups + 1)]

    def span(self, n=0):
        return self._spans[n]

    def start(self, n=0):
        return self._spans[n][0]

    def end(self, n=0):
        return self._spans[n][1]

    def group(self, *numbers):
        if len(numbers) > 1:
            return tuple(self.group(n) for n in numbers)
        s, e = self._spans[numbers[0] if numbers else 0]
        return None if s < 0 else self.string[s:e]

    def groups(self, default=None):
        return tuple(default if s < 0 else self.string[s:e] for s, e in self._spans[1:])

    def __getitem__(self, n):
        return self.group(n)


class Pattern:
    """A compiled pattern: ``match``, ``fullmatch``, ``search``, ``findall``, ``finditer``, ``sub``, ``split``."""
    def __init__(self, pattern):
        parser = _Parser(pattern)
        tree = parser.alternation()
        if parser.i != len(pattern):
            raise error("unbalanced parenthesis")
        self.pattern, self.groups = pattern, parser.groups
        self._any = _compile(tree, lambda t, i, g: i)
        self._full = _compile(tree, lambda t, i, g: i if i == len(t) else None)

    def _at(self, matcher, text, pos):
        marks = {}
        end = matcher(text, pos, marks)
        return None if end is None else Match(text, pos, end, marks, self.groups)

    def match(self, text, pos=0):
        return self._at(self._any, text, pos)

    def fullmatch(self, text, pos=0):
        return self._at(self._full, text, pos)

    def search(self, text, pos=0):
        for i in range(pos, len(text) + 1):
            m = self._at(self._any, text, i)
            if m is not None:
                return m
        return None

    def finditer(self, text, pos=0):
        i = pos
        while i <= len(text):
            m = self.search(text, i)
            if m is None:
                return
            yield m
            i = m.end() + 1 if m.end() == m.start() else m.end()

    def findall(self, text, pos=0):
        out = []
        for m in self.finditer(text, pos):
            out.append(m.group(0) if self.groups == 0 else m.groups("")[0] if self.groups == 1 else m.groups(""))
        return out

    def sub(self, repl, text, count=0):
        out, last, done = [], 0, 0
        for m in self.finditer(text):
            out.append(text[last:m.start()])
            out.append(repl(m) if callable(repl) else _expand(repl, m))
            last, done = m.end(), done + 1
            if count and done == count:
                break
        out.append(text[last:])
        return "".join(out)

    def split(self, text, maxsplit=0):
        out, last, done = [], 0, 0
        for m in self.finditer(text):
            out.append(text[last:m.start()])
            out.extend(m.groups())
            last, done = m.end(), done + 1
            if maxsplit and done == maxsplit:
                break
        out.append(text[last:])
        return out


def _expand(template, m):
    out, i = [], 0
    while i < len(template):
        c = template[i]
        if c == "\\" and template[i + 1:i + 2].isdigit():
            out.append(m.group(int(template[i + 1])) or "")
            i += 2
        elif c == "\\" and template[i + 1:i + 2] in _PLAIN_ESCAPES:
            out.append(_PLAIN_ESCAPES[template[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


_CACHE = {}


def compile(pattern, flags=0):
    """The compiled ``pattern`` (cached; ``flags`` are not supported and ignored)."""
    if isinstance(pattern, Pattern):
        return pattern
    if pattern not in _CACHE:
        _CACHE[pattern] = Pattern(pattern)
    return _CACHE[pattern]


def match(pattern, text, flags=0):
    """``compile(pattern).match(text)``."""
    return compile(pattern).match(text)


def fullmatch(pattern, text, flags=0):
    """``compile(pattern).fullmatch(text)``."""
    return compile(pattern).fullmatch(text)


def search(pattern, text, flags=0):
    """``compile(pattern).search(text)``."""
    return compile(pattern).search(text)


def findall(pattern, text, flags=0):
    """``compile(pattern).findall(text)``."""
    return compile(pattern).findall(text)


def finditer(pattern, text, flags=0):
    """``compile(pattern).finditer(text)``."""
    return compile(pattern).finditer(text)


def sub(pattern, repl, text, count=0, flags=0):
    """``compile(pattern).sub(repl, text, count)``."""
    return compile(pattern).sub(repl, text, count)


def split(pattern, text, maxsplit=0, flags=0):
    """``compile(pattern).split(text, maxsplit)``."""
    return compile(pattern).split(text, maxsplit)
