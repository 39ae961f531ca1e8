import type { EntryTexts } from './translated';

/** English texts of the entry chunk (./ja-entry.ts), loaded only when English is chosen. */
export const enEntry: EntryTexts = {
  app: {
    name: 'Clinic Booking',
    documentTitle: '{{title}} | Clinic Booking',
    loading: 'Loading…',
    skipToContent: 'Skip to content',
    clinicName: '{{name}} Clinic',
    yes: 'Yes',
    no: 'No',
    close: 'Close',
    menu: 'Menu',
    openMenu: 'Open menu',
    externalLinkNote: '(opens in a new tab)',
  },

  errors: {
    http: {
      noResponse: 'The server is not responding. Please contact the clinic.',
      registrationFailedStaff: 'The data could not be saved. Please check your entries and try again.',
      registrationFailedMember: 'The data could not be saved. Please contact your clinic.',
      unauthenticated: 'Your login has expired or you are not logged in. Please log in again.',
      profileForbidden: 'You are not signed in. Please log in again.',
      serviceUnavailable: 'The service is not available at the moment. Please wait a while and try again.',
      unexpected: 'An unexpected error occurred. Please wait a while and try again.',
    },
    codes: {
      INVALID_CREDENTIALS: 'The ID or password is incorrect.',
      INVALID_TOKEN: 'The URL or QR code is not valid.',
      VALIDATION_FAILED: 'Please fill in all fields correctly.',
    },
  },

  routeError: {
    title: 'An error occurred',
    body: 'The page could not be shown. Please reload the page.',
    reload: 'Reload',
    toTop: 'Go to the top page',
  },

  guestLayout: {
    header: 'Book: {{title}}',
    defaultTitle: 'First consultation',
    toTop: 'Top page',
  },

  guestBooking: {
    steps: { label: 'Booking steps', s1: 'Treatment', s2: 'Date', s3: 'Your details', s4: 'Confirm' },
    next: 'Next',
    back: 'Back',
    loading: 'Loading',
    clinic: { heading: 'Clinic', none: 'No clinic accepts online bookings at the moment.' },
    menu: { heading: 'Treatment', none: 'No treatment of this clinic can be booked online.', minutes: '{{n}} min', yen: '¥{{n}}' },
    linkTwoMenus: 'Your booking link names two or more treatments of the same clinic (one per clinic). Please choose the clinic and treatment.',
    day: {
      heading: 'Date',
      none: 'No free time within 30 days. Please choose another treatment or clinic.',
      waitlist: 'No time that suits you? Join the waitlist',
    },
    time: { heading: 'Time', chooseDay: 'Please choose a date.' },
    form: {
      heading: 'Your details',
      name: 'Name',
      kana: 'Name in katakana',
      phone: 'Phone number',
      email: 'Email address',
      required: 'Required',
      invalid: 'Please fill in all fields correctly.',
      problems: {
        required: 'Please fill this in.',
        kana: 'Please enter the reading in katakana.',
        phone: 'Please enter a valid phone number with the country code (e.g. +14155550123).',
        email: 'Please enter a valid email address.',
        tooLong: 'Too long.',
      },
    },
    confirm: {
      heading: 'Check your booking',
      lead: 'If the details below are correct, press "Book".',
      clinic: 'Clinic',
      menu: 'Treatment',
      dateTime: 'Date and time',
      submit: 'Book',
      memberLogin: 'Log in as a member to book',
    },
    done: {
      title: 'Booking complete',
      lead: 'Your booking is confirmed. We look forward to seeing you.',
      ics: 'Add to calendar (.ics)',
      cancelHeading: 'Cancellation',
      cancelText: 'You can cancel with the following link. We have also sent it to {{email}}.',
      cancelLink: 'Cancel this booking',
      missing: 'The booking cannot be shown. Please see the email for its details.',
      again: 'Back to booking',
    },
    cancel: {
      title: 'Cancel your booking',
      confirm: 'Your booking will be cancelled. Are you sure?',
      submit: 'Cancel booking',
      call: 'Phone: {{phone}}',
      doneTitle: 'Cancellation complete',
      doneText: 'Your booking has been cancelled. We hope to see you another time.',
      toReserve: 'Make a new booking',
    },
    visitConfirm: {
      title: 'Confirm your visit',
      lead: 'If you will come at the booked time, please press the button below.',
      submit: 'I will come',
      confirming: 'Confirming your visit',
      done: 'Your visit is confirmed',
      body: 'We look forward to seeing you at the booked time. If your plans change, please cancel early with the link in your booking confirmation email and book again.',
    },
    ad: {
      title: 'First visit?',
      lead: 'First consultations available',
      body: 'A doctor and a counsellor will listen to your skin concerns and wishes and suggest the right treatment for you. Booking online takes about a minute.',
      cta: 'Book a consultation',
    },
    registerDone: {
      title: 'Thank you for registering',
      lead: 'You are registered as a provisional member.',
      body: 'On your visit, the reception will check your identity and complete your registration (issuing your patient card number). After that you can log in to the member pages.',
    },
  },

  pages: {
    guest: {
      reserve: { title: 'Booking', body: 'Choose a treatment and a time.' },
      reserveDone: { title: 'Booking complete', body: 'Your booking is confirmed.' },
      cancel: { title: 'Cancel your booking', body: 'Cancel your booking.' },
      cancelDone: { title: 'Cancellation complete', body: 'Your booking has been cancelled.' },
      ad: { title: 'Campaigns', body: 'Book campaign treatments here.' },
      registerDone: { title: 'Registration complete', body: 'Thank you for registering.' },
    },
  },
};
