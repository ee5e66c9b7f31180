import { describe, expect, it } from 'vitest';
import { definedRoutines, functionDefinitions, splitStatements } from './sql-text.ts';

describe('splitStatements', () => {
  it('splits at the semicolons outside comments, strings, quoted names and dollar quotes', () => {
    const text = `-- a comment; not a statement
create table "odd;name" (x text default 'it''s; fine');
/* block; comment */
create function f() returns int language plpgsql as $body$
begin
  return 1; -- $$ inside another tag is text
end $body$;
select $$a;b$$, $tag$c$tag$
`;
    const statements = splitStatements(text);
    expect(statements.map((s) => s.text.split('\n')[0])).toEqual([
      `create table "odd;name" (x text default 'it''s; fine');`,
      'create function f() returns int language plpgsql as $body$',
      'select $$a;b$$, $tag$c$tag$',
    ]);
    expect(statements[1]?.dollarQuoted).toEqual([
      '\nbegin\n  return 1; -- $$ inside another tag is text\nend ',
    ]);
    expect(statements[2]?.dollarQuoted).toEqual(['a;b', 'c']);
  });

  it('refuses a text whose quote never ends', () => {
    expect(() => splitStatements('select $$never ends;')).toThrow(/unterminated/);
    expect(() => splitStatements("select 'never ends;")).toThrow(/unterminated/);
  });
});

describe('functionDefinitions', () => {
  it('finds each function and procedure with its body, and nothing else', () => {
    const found = functionDefinitions(
      splitStatements(`create or replace function a(p int) returns int language sql as $$ select p $$;
create or replace trigger t after insert on x for each row execute function a();
create procedure b() language plpgsql as $fn$ begin null; end $fn$;`),
    );
    expect(found.map(({ name, kind, body }) => ({ name, kind, body }))).toEqual([
      { name: 'a', kind: 'function', body: ' select p ' },
      { name: 'b', kind: 'procedure', body: ' begin null; end ' },
    ]);
  });

  it('refuses a name with a schema, and a body not dollar-quoted', () => {
    expect(() =>
      functionDefinitions(
        splitStatements('create function public.a() returns int language sql as $$ select 1 $$;'),
      ),
    ).toThrow(/without a schema/);
    expect(() =>
      functionDefinitions(splitStatements("create function a() returns int language sql as 'select 1';")),
    ).toThrow(/dollar-quoted/);
  });
});

describe('definedRoutines', () => {
  it('names every function or procedure a text creates, not the ones its comments or strings mention', () => {
    const text = `-- create function in_a_comment() …
create table t (note text default 'create function in_a_string()');
CREATE OR REPLACE FUNCTION public.upper_case(x int) returns int language sql as $$ select x $$;
create procedure p() language sql as $$ select 1 $$;
create or replace trigger tr after insert on t for each row execute function upper_case();`;
    expect(definedRoutines(text)).toEqual(['public.upper_case', 'p']);
  });
});
