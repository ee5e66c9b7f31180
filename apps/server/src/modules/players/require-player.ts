/** A player an operator names by id: the record, or the form's `id: notFound` (the back-office answers 404). */
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlayer } from './schema.ts';
import { findPlayerById } from './service.ts';

export const requirePlayer = async (db: TExecutor, id: number): Promise<TPlayer> => {
  const player = Number.isSafeInteger(id) && id > 0 ? await findPlayerById(db, id) : undefined;
  if (!player) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'notFound' } });
  return player;
};
