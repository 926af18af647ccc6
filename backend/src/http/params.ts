import { z } from 'zod';
import { parseInput, textField } from './validate';

const entityId = z.coerce.number().int().positive().max(2_147_483_647);
const key = z.string().min(1).max(128);

/** `:id` of products and articles (integers). */
export const numericId = (params: unknown) => parseInput(z.strictObject({ id: entityId }), params).id;
/** `:id` of reviews and users (opaque strings). */
export const stringId = (params: unknown) => parseInput(z.strictObject({ id: key }), params).id;

/** Why a moderator removed, hid or withdrew something: shown in the audit trail. */
export const reasonSchema = textField('reason').min(1, 'Please give a reason');
