import type { FastifyInstance } from "fastify";
import addAddressRoute from "../modules/addresses/add-address.route";
import deleteAddressRoute from "../modules/addresses/delete-address.route";
import listAddressesRoute from "../modules/addresses/list-addresses.route";
import updateAddressRoute from "../modules/addresses/update-address.route";
import adminListBanksRoute from "../modules/bank/admin-list-banks.route";
import adminReviewBankRoute from "../modules/bank/admin-review-bank.route";
import bankApplyRoute from "../modules/bank/bank-apply.route";
import bankInfoRoute from "../modules/bank/bank-info.route";
import cityListRoute from "../modules/cities/city-list.route";
import sendEmailCodeRoute from "../modules/codes/send-email-code.route";
import sendSmsCodeRoute from "../modules/codes/send-sms-code.route";
import adminListIdentitiesRoute from "../modules/identity/admin-list-identities.route";
import adminReviewIdentityRoute from "../modules/identity/admin-review-identity.route";
import authApplyRoute from "../modules/identity/auth-apply.route";
import authInfoRoute from "../modules/identity/auth-info.route";
import chainInviterRoute from "../modules/invites/chain-inviter.route";
import downloadRoute from "../modules/profile/download.route";
import editProfileRoute from "../modules/profile/edit-profile.route";
import forgetFundPasswordRoute from "../modules/profile/forget-fund-password.route";
import registerRoute from "../modules/register/register.route";
import inviteRecordsRoute from "../modules/team/invite-records.route";
import teamInfoRoute from "../modules/team/team-info.route";
import teamsRoute from "../modules/team/teams.route";
import serveUploads from "../modules/uploads/serve-uploads";
import uploadBase64Route from "../modules/uploads/upload-base64.route";
import uploadMultipartRoute from "../modules/uploads/upload-multipart.route";
import { perUserPerMinute } from "../lib/per-user-limit";

/** Registration, profile, codes, identity and bank applications, uploads, addresses, cities, team. */
export default async function accountsRoutes(api: FastifyInstance) {
  await api.register(registerRoute);
  await api.register(chainInviterRoute);
  await api.register(editProfileRoute);
  await api.register(downloadRoute);
  await api.register(forgetFundPasswordRoute);

  await api.register(sendEmailCodeRoute);
  await api.register(sendSmsCodeRoute);

  // One budget per user for both ways of uploading.
  const uploads = perUserPerMinute(api.db, "upload", api.config.uploadRateLimitPerMinute);
  await api.register(uploadMultipartRoute, { limiter: uploads });
  await api.register(uploadBase64Route, { limiter: uploads });
  await api.register(serveUploads);

  await api.register(authApplyRoute);
  await api.register(authInfoRoute);
  await api.register(bankApplyRoute);
  await api.register(bankInfoRoute);
  await api.register(adminListIdentitiesRoute);
  await api.register(adminReviewIdentityRoute);
  await api.register(adminListBanksRoute);
  await api.register(adminReviewBankRoute);

  await api.register(listAddressesRoute);
  await api.register(addAddressRoute);
  await api.register(updateAddressRoute);
  await api.register(deleteAddressRoute);
  await api.register(cityListRoute);

  await api.register(inviteRecordsRoute);
  await api.register(teamInfoRoute);
  await api.register(teamsRoute);
}
