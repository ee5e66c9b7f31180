/** PostgreSQL's unique_violation, as either driver reports it (pg directly, PGlite/drizzle in `cause`). */
export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
