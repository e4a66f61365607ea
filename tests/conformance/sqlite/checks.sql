-- SQL checks run through the sqlite3 shell built by neverc; the output is
-- compared with checks.expected. The database is a file so that the pager,
-- the journal and the btree layer are exercised as well as the VM.
.bail on
.headers off
.mode list
.separator |
PRAGMA page_size = 1024;
PRAGMA journal_mode = WAL;
SELECT 'version', sqlite_version();
SELECT 'arith', 7 / 2, 7 % 3, 7.0 / 2, -7 / 2, 1 << 40, 9223372036854775807 + 0;
SELECT 'overflow to real', typeof(9223372036854775807 + 1);
SELECT 'strings', upper('neverc'), length('héllo'), substr('abcdef', 2, 3),
       replace('a-b-c', '-', '+'), instr('haystack', 'st'), 'x' || 1 || 2.5;
SELECT 'printf', printf('%5d|%-5s|%.3f|%x|%q', 42, 'ab', 3.14159, 255, 'it''s');
SELECT 'math', round(2.5), round(-2.5), abs(-9), max(3, 9, 1), min(3, 9, 1),
       sqrt(16.0), pow(2, 10), floor(-1.5), ceil(-1.5);
SELECT 'casts', CAST('12abc' AS INTEGER), CAST(3.99 AS INTEGER),
       CAST(10 AS TEXT) || 'x', typeof(CAST('1e3' AS REAL));
SELECT 'null logic', NULL IS NULL, coalesce(NULL, NULL, 'c'), ifnull(NULL, 4),
       nullif(5, 5) IS NULL, (NULL AND 0), (NULL OR 1);
CREATE TABLE t(id INTEGER PRIMARY KEY, grp TEXT NOT NULL, val REAL, note TEXT);
CREATE INDEX t_grp ON t(grp, val);
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 20000)
INSERT INTO t(grp, val, note)
  SELECT char(65 + n % 5), n * 0.5, hex(randomblob(8)) FROM seq;
SELECT 'rows', count(*), sum(val), min(id), max(id) FROM t;
SELECT 'group', grp, count(*), total(val) FROM t GROUP BY grp ORDER BY grp;
SELECT 'having', group_concat(grp, ',') FROM
  (SELECT grp FROM t GROUP BY grp HAVING avg(val) > 5000.5 ORDER BY grp);
SELECT 'index used', count(*) FROM t WHERE grp = 'C' AND val BETWEEN 100 AND 200;
BEGIN;
UPDATE t SET val = -val WHERE id % 1000 = 0;
DELETE FROM t WHERE id > 19990;
SELECT 'in txn', count(*), sum(val < 0) FROM t;
ROLLBACK;
SELECT 'after rollback', count(*), sum(val < 0) FROM t;
SAVEPOINT sp1;
DELETE FROM t WHERE grp = 'A';
SAVEPOINT sp2;
DELETE FROM t WHERE grp = 'B';
ROLLBACK TO sp2;
RELEASE sp1;
SELECT 'savepoints', count(*), count(DISTINCT grp) FROM t;
CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT UNIQUE);
CREATE TABLE child(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES parent(id)
                   ON DELETE CASCADE, v INTEGER CHECK (v >= 0));
PRAGMA foreign_keys = ON;
INSERT INTO parent VALUES (1, 'one'), (2, 'two'), (3, 'three');
INSERT INTO child(pid, v) VALUES (1, 10), (1, 11), (2, 20), (3, 30), (3, 31), (3, 32);
SELECT 'join', p.name, count(c.id), sum(c.v) FROM parent p LEFT JOIN child c
  ON c.pid = p.id GROUP BY p.id ORDER BY p.id;
DELETE FROM parent WHERE id = 3;
SELECT 'cascade', count(*) FROM child;
INSERT OR IGNORE INTO parent VALUES (4, 'one');
SELECT 'unique ignored', count(*) FROM parent;
INSERT INTO parent VALUES (5, 'five') ON CONFLICT(id) DO UPDATE SET name = 'x';
INSERT INTO parent VALUES (5, 'cinq') ON CONFLICT(id) DO UPDATE SET name = excluded.name;
SELECT 'upsert', name FROM parent WHERE id = 5;
SELECT 'window', id, v, sum(v) OVER (ORDER BY id), rank() OVER (ORDER BY v DESC),
       lag(v, 1, -1) OVER (ORDER BY id) FROM child ORDER BY id;
SELECT 'cte', group_concat(x, ' ') FROM (WITH RECURSIVE fib(a, b) AS
  (SELECT 0, 1 UNION ALL SELECT b, a + b FROM fib WHERE b < 100) SELECT a AS x FROM fib);
CREATE VIEW summary AS SELECT grp, count(*) AS n FROM t GROUP BY grp;
SELECT 'view', group_concat(grp || '=' || n, ' ') FROM summary;
CREATE TABLE audit(msg TEXT);
CREATE TRIGGER t_del AFTER DELETE ON parent BEGIN
  INSERT INTO audit VALUES ('deleted ' || old.name);
END;
DELETE FROM parent WHERE id = 2;
SELECT 'trigger', msg FROM audit;
SELECT 'json', json_extract('{"a":[1,2,{"b":"c"}]}', '$.a[2].b'),
       json_array_length('[1,2,3,4]'), json_object('k', 1, 'l', json('[true]'));
SELECT 'json_each', group_concat(key || ':' || value, ',')
  FROM json_each('{"x":1,"y":"two","z":null}');
CREATE VIRTUAL TABLE docs USING fts4(body);
INSERT INTO docs(body) VALUES ('the quick brown fox'), ('jumps over the lazy dog'),
  ('neverc compiles sqlite'), ('a quick compile');
SELECT 'fts4', group_concat(rowid, ',') FROM docs WHERE docs MATCH 'quick';
CREATE VIRTUAL TABLE boxes USING rtree(id, x0, x1, y0, y1);
INSERT INTO boxes VALUES (1, 0, 10, 0, 10), (2, 5, 15, 5, 15), (3, 20, 30, 20, 30);
SELECT 'rtree', group_concat(id, ',') FROM boxes WHERE x1 >= 8 AND x0 <= 12
  AND y1 >= 8 AND y0 <= 12;
SELECT 'blob', hex(zeroblob(3)), length(randomblob(100)), hex(CAST('AZ' AS BLOB));
SELECT 'datetime', date('2024-02-28', '+1 day'), strftime('%s', '1970-01-02'),
       julianday('2000-01-01 12:00:00');
SELECT 'like glob', 'Neverc' LIKE 'nev%', 'Neverc' GLOB 'nev*', 'abc' GLOB '[a-c]*';
SELECT 'collate', group_concat(s, ',') FROM (SELECT column1 AS s FROM
  (VALUES ('b'), ('A'), ('a'), ('B')) ORDER BY s COLLATE NOCASE, s);
CREATE TABLE big(b BLOB);
INSERT INTO big VALUES (zeroblob(200000));
SELECT 'overflow pages', length(b) FROM big;
PRAGMA wal_checkpoint(TRUNCATE);
VACUUM;
SELECT 'integrity', integrity_check FROM pragma_integrity_check;
SELECT 'fk check', count(*) FROM pragma_foreign_key_check;
