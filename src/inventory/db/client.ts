import { type Database, database } from "../../platform/d1";

export type InventoryDb = Database;

export const inventoryDb = (d1: D1Database): InventoryDb => database(d1);
