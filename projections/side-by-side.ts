/**
 * A transaction's statements that do not depend on each other, sent without waiting for each
 * other's answers. PGlite's thread then runs them back to back, where one after another each
 * waited for the service's thread to take its answer before the next was sent (bench README,
 * session 29); PostgreSQL's connection runs them in turn as before. All of them settle before
 * this returns or throws: none may still be running when a failure rolls the transaction back,
 * or it would run after the rollback, outside it. A statement not needed is passed as `undefined`.
 */
export async function sideBySide<T extends readonly unknown[]>(
  ...statements: { [K in keyof T]: Promise<T[K]> | T[K] }
): Promise<T> {
  // The first to fail is the cause; those after it only found the transaction aborted.
  let failure: { reason: unknown } | undefined;
  const answers = await Promise.all(
    statements.map((s) =>
      Promise.resolve(s).catch((reason: unknown) => {
        failure ??= { reason };
      }),
    ),
  );
  if (failure) throw failure.reason;
  return answers as unknown as T;
}
