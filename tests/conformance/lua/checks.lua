-- Behavioural checks of a Lua 5.4 interpreter built by neverc.
-- Each check() is one named assertion; the script exits non-zero on the
-- first group with a failure and prints "lua checks: N passed" otherwise.
local passed, failed = 0, 0

local function check(name, got, want)
  if got == want then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write(string.format("FAIL %s: got %s, want %s\n", name,
                                  tostring(got), tostring(want)))
  end
end

local function group(name, fn)
  local ok, err = pcall(fn)
  if not ok then
    failed = failed + 1
    io.stderr:write(string.format("FAIL %s: error %s\n", name, tostring(err)))
  end
end

group("version", function()
  check("_VERSION", _VERSION, "Lua 5.4")
  check("math.type int", math.type(1), "integer")
  check("math.type float", math.type(1.0), "float")
  check("math.type other", math.type("1"), nil)
end)

group("integer arithmetic", function()
  check("add", 7 + 35, 42)
  check("floor div", 7 // 2, 3)
  check("floor div negative", -7 // 2, -4)
  check("modulo negative", -7 % 3, 2)
  check("maxinteger", math.maxinteger, 0x7fffffffffffffff)
  check("mininteger", math.mininteger, -0x8000000000000000)
  check("wraparound", math.maxinteger + 1, math.mininteger)
  check("shift left", 1 << 62, 4611686018427387904)
  check("shift right logical", -1 >> 60, 15)
  check("band bor bxor", (0xF0 & 0x3C) | (0x01 ~ 0x03), 0x32)
  check("bnot", ~0, -1)
  check("tointeger", math.tointeger(3.0), 3)
  check("tointeger fraction", math.tointeger(3.5), nil)
  check("ult", math.ult(1, -1), true)
  local f = 1
  for i = 2, 20 do f = f * i end
  check("20!", f, 2432902008176640000)
end)

group("float arithmetic", function()
  check("true division", 7 / 2, 3.5)
  check("power", 2 ^ 10, 1024.0)
  check("float floor div", 7.5 // 2, 3.0)
  check("fmod", math.fmod(-7, 3), -1)
  check("sqrt", math.sqrt(2) * math.sqrt(2) - 2 < 1e-15, true)
  check("huge", math.huge > 1e308, true)
  check("nan ~= nan", (0 / 0) ~= (0 / 0), true)
  check("floor", math.floor(-3.5), -4)
  check("ceil", math.ceil(-3.5), -3)
  check("abs", math.abs(math.mininteger), math.mininteger)
  check("pi digits", string.format("%.10f", math.pi), "3.1415926536")
  check("sin", math.abs(math.sin(math.pi)) < 1e-15, true)
  check("exp log", math.abs(math.log(math.exp(3)) - 3) < 1e-15, true)
  check("log base", math.log(1024, 2), 10.0)
  check("int float equality", 1 == 1.0, true)
  check("string coercion", "10" + 5, 15)
  check("string float coercion", "0x10" * 1.5, 24.0)
end)

group("strings", function()
  local s = "Hello, neverc!"
  check("len", #s, 14)
  check("upper", s:upper(), "HELLO, NEVERC!")
  check("sub", s:sub(8, -2), "neverc")
  check("sub negative", s:sub(-7), "neverc!")
  check("rep", ("ab"):rep(3, "-"), "ab-ab-ab")
  check("reverse", ("abc"):reverse(), "cba")
  check("byte", ("A"):byte(), 65)
  check("char", string.char(72, 105), "Hi")
  check("find plain", s:find(",", 1, true), 6)
  check("find pattern", select(2, s:find("%a+", 8)), 13)
  check("match captures", table.concat({ ("key=value"):match("(%w+)=(%w+)") }, "|"),
        "key|value")
  check("gsub count", select(2, ("a b c d"):gsub(" ", "")), 3)
  check("gsub function", ("x1 x2 x3"):gsub("x(%d)", function(d) return d * 2 end),
        "2 4 6")
  check("gsub table", ("$a-$b"):gsub("%$(%w)", { a = "A", b = "B" }), "A-B")
  local words = {}
  for w in ("one two  three"):gmatch("%S+") do words[#words + 1] = w end
  check("gmatch", table.concat(words, ","), "one,two,three")
  check("frontier", ("THE (quick) fox"):gsub("%f[%a]%a+", "w"), "w (w) w")
  check("balanced", ("f(a(b)c) d"):match("%b()"), "(a(b)c)")
  check("pack unpack", string.unpack("<i4", string.pack("<i4", -123456)), -123456)
  check("pack size", string.packsize("i4i8"), 12)
  check("pack size aligned", string.packsize("!8i4i8"), 16)
  check("utf8 len", utf8.len("héllo"), 5)
  check("utf8 char", utf8.char(0x48, 0x20AC), "H\u{20AC}")
  check("tostring int", tostring(10), "10")
  check("tostring float", tostring(10.0), "10.0")
  check("tonumber base", tonumber("ff", 16), 255)
  check("tonumber bad", tonumber("12z"), nil)
  check("concat numbers", 1 .. 2, "12")
end)

group("string.format", function()
  check("%d", string.format("%5d|%-5d|", 42, 42), "   42|42   |")
  check("%x", string.format("%08x", 48879), "0000beef")
  check("%g", string.format("%g", 1e20), "1e+20")
  check("%e", string.format("%.3e", 12345.678), "1.235e+04")
  check("%f", string.format("%.2f", 2 / 3), "0.67")
  check("%s", string.format("[%10s][%-4s]", "right", "l"), "[     right][l   ]")
  check("%q", string.format("%q", 'a "q"\n'), '"a \\"q\\"\\\n"')
  check("%q integer", string.format("%q", math.mininteger), "0x8000000000000000")
  check("%c", string.format("%c%c", 76, 117), "Lu")
  check("%a", string.format("%a", 1.0), "0x1p+0")
  check("%%", string.format("100%%"), "100%")
  check("%i", string.format("%i", -7), "-7")
end)

group("tables", function()
  local t = {}
  for i = 1, 100 do t[i] = i * i end
  check("length", #t, 100)
  check("index", t[12], 144)
  table.insert(t, 1, 0)
  check("insert front", t[1] .. "," .. t[2], "0,1")
  check("remove", table.remove(t), 10000)
  check("length after", #t, 100)
  local u = { 5, 3, 9, 1, 7 }
  table.sort(u)
  check("sort", table.concat(u, " "), "1 3 5 7 9")
  table.sort(u, function(a, b) return a > b end)
  check("sort cmp", table.concat(u, " "), "9 7 5 3 1")
  check("unpack", select("#", table.unpack({ 1, 2, 3 })), 3)
  local p = table.pack(1, nil, 3)
  check("pack n", p.n, 3)
  check("move", table.concat(table.move({ 1, 2, 3 }, 1, 3, 2, { 0 }), ""), "0123")
  local keys, n = {}, 0
  local h = { alpha = 1, beta = 2, gamma = 3 }
  for k, v in pairs(h) do keys[#keys + 1] = k; n = n + v end
  table.sort(keys)
  check("pairs keys", table.concat(keys, ","), "alpha,beta,gamma")
  check("pairs sum", n, 6)
  local big = {}
  for i = 1, 200000 do big[i] = i end
  for i = 1, 200000, 2 do big[i] = nil end
  local cnt = 0
  for _ in pairs(big) do cnt = cnt + 1 end
  check("sparse count", cnt, 100000)
  check("float key normalisation", ({ [1] = "int" })[1.0], "int")
end)

group("metatables", function()
  local V = {}
  V.__index = V
  V.__add = function(a, b) return setmetatable({ x = a.x + b.x }, V) end
  V.__eq = function(a, b) return a.x == b.x end
  V.__lt = function(a, b) return a.x < b.x end
  V.__len = function(a) return a.x end
  V.__tostring = function(a) return "V(" .. a.x .. ")" end
  V.__call = function(self, y) return self.x * y end
  V.__concat = function(a, b) return tostring(a) .. tostring(b) end
  function V.double(self) return self.x * 2 end
  local a, b = setmetatable({ x = 2 }, V), setmetatable({ x = 3 }, V)
  check("__add", (a + b).x, 5)
  check("__eq", a + b == setmetatable({ x = 5 }, V), true)
  check("__lt", a < b, true)
  check("__len", #b, 3)
  check("__tostring", tostring(a), "V(2)")
  check("__call", a(21), 42)
  check("__concat", a .. b, "V(2)V(3)")
  check("method via __index", b:double(), 6)
  local log = {}
  local proxy = setmetatable({}, { __newindex = function(t, k, v)
    log[#log + 1] = k; rawset(t, k, v) end })
  proxy.one = 1; proxy.two = 2; proxy.one = 11
  check("__newindex", table.concat(log, ","), "one,two")
  local closed = {}
  do
    local res <close> = setmetatable({}, { __close = function() closed[1] = true end })
  end
  check("__close", closed[1], true)
  local weak = setmetatable({}, { __mode = "k" })
  weak[{}] = 1
  collectgarbage(); collectgarbage()
  check("weak keys collected", next(weak), nil)
end)

group("closures", function()
  local function counter()
    local n = 0
    return function() n = n + 1; return n end
  end
  local c1, c2 = counter(), counter()
  c1(); c1()
  check("independent upvalues", c1() .. "," .. c2(), "3,1")
  local fs = {}
  for i = 1, 3 do fs[i] = function() return i end end
  check("fresh loop variable", fs[1]() + fs[2]() + fs[3](), 6)
  local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
  check("recursion", fib(25), 75025)
  local function sum(...)
    local s = 0
    for _, v in ipairs({ ... }) do s = s + v end
    return s, select("#", ...)
  end
  local s, k = sum(1, 2, 3, 4)
  check("varargs", s * 10 + k, 104)
  local function tail(n) if n == 0 then return "done" end return tail(n - 1) end
  check("proper tail calls", tail(1000000), "done")
  check("load chunk", load("return 6 * 7")(), 42)
  local env = { x = 5 }
  check("load with env", load("return x", "chunk", "t", env)(), 5)
  check("string.dump roundtrip", load(string.dump(function(a) return a + 1 end))(1), 2)
end)

group("coroutines", function()
  local gen = coroutine.wrap(function()
    for i = 1, 3 do coroutine.yield(i) end
    return "end"
  end)
  check("wrap yields", gen() + gen() + gen(), 6)
  check("wrap return", gen(), "end")
  local co = coroutine.create(function(a, b)
    local c = coroutine.yield(a + b)
    local d, e = coroutine.yield(c * 2)
    return d + e
  end)
  local ok1, v1 = coroutine.resume(co, 1, 2)
  local ok2, v2 = coroutine.resume(co, 10)
  local ok3, v3 = coroutine.resume(co, 3, 4)
  check("resume values", v1 .. "," .. v2 .. "," .. v3, "3,20,7")
  check("resume ok", ok1 and ok2 and ok3, true)
  check("status dead", coroutine.status(co), "dead")
  local ok4, err = coroutine.resume(co)
  check("resume dead", ok4, false)
  check("resume dead message", err, "cannot resume dead coroutine")
  local bad = coroutine.create(function() error("boom", 0) end)
  check("error in coroutine", select(2, coroutine.resume(bad)), "boom")
  check("isyieldable main", coroutine.isyieldable(), false)
  local running = coroutine.wrap(function() return coroutine.isyieldable() end)
  check("isyieldable inside", running(), true)
  -- A producer/consumer pipeline of three coroutines.
  local function producer()
    return coroutine.wrap(function() for i = 1, 5 do coroutine.yield(i) end end)
  end
  local function filter(src)
    return coroutine.wrap(function()
      for v in src do if v % 2 == 1 then coroutine.yield(v * v) end end
    end)
  end
  local acc = {}
  for v in filter(producer()) do acc[#acc + 1] = v end
  check("pipeline", table.concat(acc, ","), "1,9,25")
end)

group("errors", function()
  local ok, err = pcall(error, { code = 7 })
  check("error object", ok == false and err.code, 7)
  local ok2, msg = pcall(function() local t = nil; return t.x end)
  check("runtime error", ok2, false)
  check("runtime error message", msg:find("attempt to index") ~= nil, true)
  local trace
  xpcall(function() error("deep") end, function(m) trace = debug.traceback(m) end)
  check("traceback", trace:find("stack traceback") ~= nil, true)
  check("integer overflow on conversion", pcall(math.tointeger, 2 ^ 63), true)
  check("division by zero", pcall(function() return 1 // 0 end), false)
  check("float division by zero", 1 / 0, math.huge)
  check("error levels", select(2, pcall(error, "lvl", 0)), "lvl")
end)

group("goto and integer for", function()
  local n = 0
  for i = 10, 1, -3 do n = n + i end
  check("for step", n, 22)
  local i = 0
  ::again::
  i = i + 1
  if i < 5 then goto again end
  check("goto", i, 5)
  local cnt = 0
  for _ = math.maxinteger - 2, math.maxinteger do cnt = cnt + 1 end
  check("for near maxinteger", cnt, 3)
end)

group("os and io", function()
  check("os.time type", math.type(os.time()), "integer")
  check("os.time fixed", os.time({ year = 2000, month = 1, day = 1, hour = 12 }) > 0, true)
  check("os.date", os.date("!%Y-%m-%d", 86400), "1970-01-02")
  check("os.clock", type(os.clock()), "number")
  check("os.getenv", type(os.getenv("PATH")), "string")
  local name = os.tmpname()
  local f = assert(io.open(name, "w"))
  f:write("line one\n", 42, "\n", 3.5, "\n")
  f:close()
  local lines = {}
  for l in io.lines(name) do lines[#lines + 1] = l end
  check("io.lines", table.concat(lines, "|"), "line one|42|3.5")
  f = assert(io.open(name, "r"))
  check("read line", f:read("l"), "line one")
  check("read number", f:read("n"), 42)
  check("read number float", f:read("n"), 3.5)
  check("seek end", f:seek("end"), 16)
  f:close()
  f = assert(io.open(name, "a+"))
  f:write("tail")
  f:seek("set", 0)
  check("read all", #f:read("a"), 20)
  f:close()
  check("os.rename", os.rename(name, name .. ".x"), true)
  check("os.remove", os.remove(name .. ".x"), true)
  check("open missing", io.open(name .. ".missing") == nil, true)
  local p = io.popen("echo popen-ok")
  check("io.popen", p:read("l"), "popen-ok")
  check("popen close", p:close(), true)
  check("os.execute", os.execute("exit 3") == nil, true)
end)

group("garbage collector", function()
  local before = collectgarbage("count")
  do
    local junk = {}
    for i = 1, 100000 do junk[i] = { i, tostring(i) } end
  end
  collectgarbage("collect")
  check("memory released", collectgarbage("count") < before + 1024, true)
  local mode = collectgarbage("generational")
  check("gc mode name", mode == "incremental" or mode == "generational", true)
  check("switch to incremental", collectgarbage("incremental"), "generational")
  check("switch back", collectgarbage("generational"), "incremental")
  collectgarbage(mode)
end)

print(string.format("lua checks: %d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
