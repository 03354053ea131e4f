import {
  changePasswordRequestSchemaWith,
  resetPasswordRequestSchemaWith,
  signUpRequestSchemaWith,
} from './contracts/auth';
import { passwordStrength } from './password-estimator';
import type { PasswordOwner } from './password-policy';

export { passwordStrength } from './password-estimator';

/** The contracts with the dictionary check: what the forms load lazily (the server checks in a worker). */
export const strictAuthSchemas = {
  signUp: signUpRequestSchemaWith(passwordStrength),
  changePassword: (owner: PasswordOwner) => changePasswordRequestSchemaWith(passwordStrength, owner),
  resetPassword: (owner: PasswordOwner = {}) => resetPasswordRequestSchemaWith(passwordStrength, owner),
};
