import Database from 'better-sqlite3';
import { preparedOnce } from './prepared-once';

describe('preparedOnce', () => {
  it('prepares each SQL text once and answers as a fresh statement would', () => {
    const db = new Database(':memory:');
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a'), ('b'), ('c')");
    const prepare = jest.spyOn(db, 'prepare');
    const prepared = preparedOnce(db);
    const inList = 'SELECT v FROM t WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id';
    expect(prepared(inList).all(JSON.stringify([1, 3]))).toEqual([{ v: 'a' }, { v: 'c' }]);
    expect(prepared(inList).all(JSON.stringify([2]))).toEqual([{ v: 'b' }]);
    expect(prepared('SELECT count(*) AS n FROM t').get()).toEqual({ n: 3 });
    expect(prepare).toHaveBeenCalledTimes(2);
    db.close();
  });
});
