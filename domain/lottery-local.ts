/**
 * The lottery on the local chain (31337): its operator account and how draws are fulfilled
 * through Chainlink's VRF coordinator mock there. Shared by the deploy, the demo seed and the
 * server's lottery keeper.
 */

/**
 * Hardhat's public development account #9 (worthless on any real network). The lottery keeper
 * signs with its own account so its transactions never race account #0's nonces (withdrawal
 * payouts); the deploy makes it a Game operator on the local chain. The operator only starts
 * rounds and asks for draws: the winner comes from the VRF word.
 */
export const DEV_LOTTERY_OPERATOR = {
  index: 9,
  address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  privateKey: "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
} as const;

/**
 * Gas a mock fulfilment needs besides the consumer's callback gas limit. A fulfilment is sent
 * with that sum, never with an estimate: the coordinator caps its call to the consumer at the
 * callback limit and a failed callback does not revert the fulfilment, so an estimate can starve
 * the callback and still "succeed".
 */
export const VRF_MOCK_FULFIL_OVERHEAD_GAS = 200_000n;
