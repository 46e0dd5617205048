import { adminBankApplication } from "../../../domain/api/bank";
import { adminListRoute } from "../applications/application-routes";
import { toAdminBankView } from "./bank.service";

/** POST /base/api/admin/bank/list `{status?, page?, limit?}` (reviewer): bank account applications, newest first. */
export default adminListRoute("/admin/bank/list", "bank_applications", toAdminBankView, adminBankApplication);
