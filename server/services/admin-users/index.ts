// Admin users (decision 127), one file per sub-resource (decision 175):
//   user-out.ts a user as the admin sees them
//   users.ts users and their units
//   links.ts password resets and invitations
//   admins.ts admin users
//   customers.ts customers
export { AdminAdminUserService } from "./admins";
export { AdminCustomerService } from "./customers";
export { AdminInvitationService, AdminPasswordResetService } from "./links";
export { AdminUserService, AdminUserUnitService } from "./users";
