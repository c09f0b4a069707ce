// Registers the stock, sales and ledger routes: the back-office writes and the read API (issue 8).
import type { InventoryApp } from "../app";
import { registerCancelSale } from "./admin/cancel-sale";
import { registerCreateCreditNote } from "./admin/create-credit-note";
import { registerCreateCustomer } from "./admin/create-customer";
import { registerCreateExpense } from "./admin/create-expense";
import { registerCreateLot } from "./admin/create-lot";
import { registerCreateMillInvoice } from "./admin/create-mill-invoice";
import { registerCreateMillPayment } from "./admin/create-mill-payment";
import { registerCreatePayment } from "./admin/create-payment";
import { registerCreateSale } from "./admin/create-sale";
import { registerDispatchSale } from "./admin/dispatch-sale";
import { registerExportCustomers } from "./export-customers";
import { registerExportExpenses } from "./export-expenses";
import { registerExportMillPayments } from "./export-mill-payments";
import { registerListInventory } from "./list-inventory";
import { registerListSales } from "./list-sales";

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
