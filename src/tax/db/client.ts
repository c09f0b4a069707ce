import { type Database, database } from "../../platform/d1";

export type TaxDb = Database;

export const taxDb = (d1: D1Database): TaxDb => database(d1);
