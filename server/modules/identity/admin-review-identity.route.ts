import { identityApplication } from "../../../domain/api/identity";
import { adminReviewRoute } from "../applications/application-routes";
import { reviewIdentityApplication } from "./identity.service";

/** POST /base/api/admin/auth/review/{id} (reviewer): decides a pending identity application. */
export default adminReviewRoute("/admin/auth/review/:id", reviewIdentityApplication, identityApplication);
