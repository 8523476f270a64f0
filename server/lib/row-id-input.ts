import { z } from "zod";

/**
 * A bigint row id as a string (a page cursor, a log line's id): at most 18
 * digits, so that it always fits PostgreSQL's int8 (a 19-digit one may not,
 * and would reach the database as an error instead of a 400).
 */
export const rowIdInput = (message = "must be an id from a previous answer") => z.string().regex(/^\d{1,18}$/, message);
