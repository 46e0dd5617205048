import { adminIdentityApplication } from "../../../domain/api/identity";
import { adminListRoute } from "../applications/application-routes";
import { toAdminIdentityView } from "./identity.service";

/** POST /base/api/admin/auth/list `{status?, page?, limit?}` (reviewer): identity applications, newest first. */
export default adminListRoute("/admin/auth/list", "identity_applications", toAdminIdentityView, adminIdentityApplication);
