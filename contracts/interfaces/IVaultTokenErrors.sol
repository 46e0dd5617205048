// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IVaultTokenErrors
/// @notice The errors of the USDB-backed reward tokens (`VaultToken`: WIN and WIN1).
interface IVaultTokenErrors {
    /// @notice An amount that must be positive was 0 (or a reward would mint no token).
    error VaultTokenZeroAmount();

    /// @notice A reward was addressed to address(0).
    error VaultTokenZeroAddress();

    /// @notice The vault was funded while no token exists: nobody would own the USDB.
    error VaultTokenNoSupply();

    /// @notice Redeeming `needed` tokens with a balance of only `balance`.
    error VaultTokenInsufficientBalance(uint256 balance, uint256 needed);

    /// @notice `fundWithPermit` whose permit was refused (expired, replayed, signed by someone
    /// else or for another amount) while the allowance, `allowance`, is below `needed`.
    error VaultTokenPermitRefused(uint256 allowance, uint256 needed);
}
