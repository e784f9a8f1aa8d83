import { PASSWORD_MIN } from '../../domain/accounts/password';
import { compile } from '../http/validation';

/** Long passphrases are taken whole; the cap only keeps one hash from being a denial of service. */
export const PASSWORD_MAX = 1024;

const email = { type: 'string', format: 'email', minLength: 3, maxLength: 254 } as const;
const password = { type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX } as const;

export interface Credentials {
  email: string;
  password: string;
}

export const validRegistration = compile<Credentials>({
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: { email, password },
});

/** Sign-in checks no length: an old password must still be refused as wrong, not as invalid. */
export const validLogin = compile<Credentials>({
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: { email, password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX } },
});

export const validForgot = compile<{ email: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email },
});

export const validReset = compile<{ token: string; newPassword: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['token', 'newPassword'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, newPassword: password },
});

export const validChange = compile<{ currentPassword: string; newPassword: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['currentPassword', 'newPassword'],
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX },
    newPassword: password,
  },
});

/** Deleting the account asks for the password again, checked like a sign-in's. */
export const validDeletion = compile<{ password: string }>({
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: { password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX } },
});
