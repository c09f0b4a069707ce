// Registers the stock, sales and ledger routes: the back-office writes and the read API (issue 8).
import type { InventoryApp } from "../app";
import { registerCancelSale } from "../sales/cancel-sale";
import { registerCreateCreditNote } from "../ledger/create-credit-note";
import { registerCreateCustomer } from "../ledger/create-customer";
import { registerCreateExpense } from "../ledger/create-expense";
import { registerCreateLot } from "./create-lot";
import { registerCreateMillInvoice } from "../ledger/create-mill-invoice";
import { registerCreateMillPayment } from "../ledger/create-mill-payment";
import { registerCreatePayment } from "../ledger/create-payment";
import { registerCreateSale } from "../sales/create-sale";
import { registerDispatchSale } from "../sales/dispatch-sale";
import { registerExportCustomers } from "../exports/export-customers";
import { registerExportExpenses } from "../exports/export-expenses";
import { registerExportMillPayments } from "../exports/export-mill-payments";
import { registerListInventory } from "./list-inventory";
import { registerListSales } from "../sales/list-sales";

export function registerStockAndSalesRoutes(app: InventoryApp): void {
  registerCreateCustomer(app);
  registerCreateLot(app);
  registerCreateSale(app);
  registerCancelSale(app);
  registerDispatchSale(app);
  registerCreatePayment(app);
  registerCreateCreditNote(app);
  registerCreateExpense(app);
  registerCreateMillInvoice(app);
  registerCreateMillPayment(app);

  registerListInventory(app);
  registerListSales(app);
  registerExportCustomers(app);
  registerExportExpenses(app);
  registerExportMillPayments(app);
}
