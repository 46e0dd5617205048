import { bankApplication } from "../../../domain/api/bank";
import { adminReviewRoute } from "../applications/application-routes";
import { reviewBankApplication } from "./bank.service";

/** POST /base/api/admin/bank/review/{id} (reviewer): decides a pending bank account application. */
export default adminReviewRoute("/admin/bank/review/:id", reviewBankApplication, bankApplication);
