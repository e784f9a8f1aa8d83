import { userSubject, type PersonalDataCatalogue } from '../eventstore/personal-data';
import { userIdOfAccountStream } from './decider';

/** What an erased account is called wherever a person's name or address used to be shown. */
export const DELETED_USER = 'deleted user';

/**
 * The address an erased account reads as: unique per account (addresses are unique) and not an
 * address anyone could register or sign in with (it has no "@").
 */
export const erasedEmail = (userId: string) => `deleted-user-${userId}`;

/** The address and the password hash are the person's: encrypted under their key. */
export const accountPersonalData: PersonalDataCatalogue = {
  AccountRegistered: {
    subject: (_stream, data) => userSubject(String(data.userId)),
    fields: {
      email: (data) => erasedEmail(String(data.userId)),
      passwordHash: () => '',
    },
  },
  PasswordChanged: {
    subject: (stream) => {
      const userId = userIdOfAccountStream(stream);
      return userId === undefined ? undefined : userSubject(userId);
    },
    fields: { passwordHash: () => '' },
  },
};
