import { SIGNING_FILE_EXTENSIONS } from '../domain/esigning.ts'

/** Spec part 3 §5 and §8 (e-signing), word for word, and our own words beside them. */
export const ESIGNING_TEXTS = {
  title: 'E-Signing',
  tabOverview: 'Overview',
  tabBasic: 'Basic Upload',
  tabEnhanced: 'Enhanced E-Signing',
  tabDocuments: 'Documents',
  tabThirdParty: 'Third-Party',
  tabVerification: 'Verification',

  invalidImageTitle: 'Invalid file type',
  invalidImage: 'Please upload an image file (PNG, JPG, etc.)',
  imageTooLargeTitle: 'File too large',
  imageTooLarge: 'Please upload an image smaller than 2MB',
  signatureRequiredTitle: 'Signature required',
  signatureRequiredSubmit: 'Please create a signature before submitting',
  signatureRequiredFirst: 'Please create a signature first',
  invalidFileTitle: 'Invalid file type',
  fileTooLargeTitle: 'File too large',
  providerRequiredTitle: 'Provider required',
  providerRequired: 'Please configure an e-signing provider first',

  signatureFailedTitle: 'Signature creation failed',
  tryAgain: 'Please try again',
  signatureCreatedTitle: 'Signature created successfully',
  signatureCreated: 'Your signature has been recorded and verified',
  unableToVerify: 'Unable to verify signature',
  invalidSignature: 'Invalid Signature',
  tamperEvidence: 'Tamper evidence detected - signature may have been modified',
  validSignature: 'Valid Signature',
  sentTitle: 'Document sent successfully',
  sent: 'Signers will receive email invitations to sign',
  sendFailed: 'Failed to send document',
  uploadFailed: 'Upload failed',
  uploadedTitle: 'Upload successful',
  uploaded: 'Ready for signing',
  signedTitle: 'Document signed',
  signed: 'Your signature has been applied successfully',
  signingFailed: 'Signing failed',
  notReadyTitle: 'Document not ready',
  notReady: 'Please upload the document first',

  // Ours.
  blankSignature: 'The signature is blank: draw, type or upload one with a visible mark.',
  notAnImage: 'The signature must be a PNG or JPEG image sent as a data URL.',
  imageTooManyPixels: 'The signature image is too large in pixels (at most 4 megapixels).',
  consentRequired: 'Accept the electronic records and signatures disclosure before signing.',
  consentOutdated: 'The disclosure has changed: read and accept the current version.',
  alreadySigned: 'This document is already signed.',
  sentForSignature: 'This document was sent for signature: its signers sign it through their links.',
  encryptedPdf: 'This PDF is password-protected: remove its password and upload it again.',
  unreadableFile: 'This file cannot be read as a document. Check it opens, then upload it again.',
  tooLargeSigned: 'The signed document would be larger than 25 MB.',
  signerEmailTaken: 'Each signer needs their own email address.',
  signingOrder: 'Signing order numbers start at 1 and go up by one for each signer.',
  notDeletable: 'Only a document nobody has signed or been asked to sign can be removed.',
  noFile: 'Choose a file to upload.',
  uploadShape:
    'Send the file with type and name for e-signing, or with documentType (before the file) for appointment documents.',
} as const

export function unsupportedFileMessage(
  fileName: string,
  extensions: readonly string[] = SIGNING_FILE_EXTENSIONS,
): string {
  return `${fileName} is not a supported file type. Allowed types: ${extensions.join(', ')}`
}

export function fileTooLargeMessage(fileName: string): string {
  return `${fileName} exceeds the 10MB limit`
}

/** What a signing link's page says when it cannot be used. */
export const SIGNING_LINK_TEXTS = {
  invalid: 'This signing link is not valid. Check you opened the whole link from the email.',
  used: 'This signing link has already been used: the document is signed. Each link works once.',
  expired: 'This signing link has expired. Ask the sender to send the document again.',
  waiting: 'It is not your turn to sign yet. You will get an email when the signers before you have signed.',
  completedTitle: 'Thank you: your signature is recorded',
  completed: 'You will receive the completed, sealed document by email once everyone has signed.',
} as const

/**
 * The ESIGN Act consumer disclosure (15 U.S.C. § 7001(c)), shown and accepted before a first
 * signature. A change of wording needs a new version: acceptances are recorded against it.
 */
export const ESIGN_DISCLOSURE = {
  version: 'ESIGN-2025-1',
  title: 'Consent to electronic records and signatures',
  intro:
    'Before you sign electronically, please read this disclosure. Your electronic signature will be as binding as a signature on paper.',
  sections: [
    {
      heading: 'Your right to paper',
      text: 'You may ask the agency that sent you a document for a paper copy of it, before or after you sign, by writing to them. They will tell you any fee before sending it.',
    },
    {
      heading: 'Withdrawing your consent',
      text: 'You may withdraw this consent at any time by telling the agency in writing, or, for a document you have not yet signed, by closing the page without signing. Withdrawal applies from then on: it does not undo signatures already given, and the agency may then deal with you on paper.',
    },
    {
      heading: 'What this consent covers',
      text: 'Signing documents in this service, and receiving them and their signed copies by email, until you withdraw.',
    },
    {
      heading: 'Hardware and software you need',
      text: 'A current version of Chrome, Edge, Firefox or Safari with JavaScript on; an email address that can receive messages; a PDF reader to open the signed document; and a printer or storage to keep a copy.',
    },
    {
      heading: 'Keeping your contact details current',
      text: 'Tell the agency if your email address changes, so your copies reach you.',
    },
  ],
  agreement:
    'I have read this disclosure, I can open PDF documents on this device, and I agree to use electronic records and signatures.',
  accept: 'I agree',
} as const
