/**
 * The statements a batch's jobs send together (bet-batch.ts). A job's statement is SQL text, or a part of a
 * statement that every job of a batch shares: the same kind of insert or update for each job's own row (a round's
 * record, a player's seed pair). The parts of one kind go as one statement, which costs PostgreSQL one start-up
 * instead of one a job; each job gets back its own rows, in the order of its statements, as if it had sent them.
 */
export type TRows = Record<string, unknown>[];

export interface TMergeable {
  /** Statements of the same kind in a batch merge into one. */
  kind: string;
  /** This job's part of the statement (a row's values, a player's id). */
  part: string;
  /** The one statement for the parts of this kind, in the jobs' order. */
  merge(parts: string[]): string;
  /** This job's rows out of the merged statement's rows. */
  rowsOf(rows: TRows, part: string): TRows;
}

export type TBatchStatement = string | TMergeable;

type TSlot = { text: number } | { kind: number; statement: TMergeable };

/**
 * The texts to send for every job's statements (each job's plain ones in order, then one statement per kind of
 * part), and `rowsOf`: each job's rows, statement by statement, out of the results of those texts.
 */
export const mergeStatements = (jobs: TBatchStatement[][]) => {
  const texts: string[] = [];
  const kinds = new Map<string, { index: number; first: TMergeable; parts: string[] }>();
  const slots: TSlot[][] = jobs.map((statements) =>
    statements.map((statement): TSlot => {
      if (typeof statement === 'string') return { text: texts.push(statement) - 1 };
      let kind = kinds.get(statement.kind);
      if (!kind) {
        kind = { index: kinds.size, first: statement, parts: [] };
        kinds.set(statement.kind, kind);
      }
      kind.parts.push(statement.part);
      return { kind: kind.index, statement };
    }),
  );
  const plain = texts.length;
  for (const kind of kinds.values()) texts.push(kind.first.merge(kind.parts));
  return {
    texts,
    /** `results`: the rows of `texts`, in order. */
    rowsOf: (results: TRows[]): TRows[][] =>
      slots.map((job) =>
        job.map((slot) =>
          'text' in slot
            ? (results[slot.text] ?? [])
            : slot.statement.rowsOf(results[plain + slot.kind] ?? [], slot.statement.part),
        ),
      ),
  };
};

/** A statement sent on its own (a job alone): its text. */
export const aloneText = (statement: TBatchStatement) =>
  typeof statement === 'string' ? statement : statement.merge([statement.part]);

/** The rows of a statement sent on its own, as its job reads them. */
export const aloneRows = (statement: TBatchStatement, rows: TRows) =>
  typeof statement === 'string' ? rows : statement.rowsOf(rows, statement.part);
