import type { FastifyInstance } from "fastify";
import addAddressRoute from "./add-address.route";
import deleteAddressRoute from "./delete-address.route";
import listAddressesRoute from "./list-addresses.route";
import updateAddressRoute from "./update-address.route";

/** The addresses module's calls, registered under /base/api. */
export default async function addressesRoutes(api: FastifyInstance) {
  await api.register(listAddressesRoute);
  await api.register(addAddressRoute);
  await api.register(updateAddressRoute);
  await api.register(deleteAddressRoute);
}
