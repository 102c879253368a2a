// The passkey step of the hosted sign-in (docs/hosted-pages.md, "Second factors"): asks the
// browser for an assertion with the challenge's request options (the form's data-options, the
// WebAuthn JSON form) and posts it with the form's CSRF token. Only this step needs JavaScript;
// the shared parts are in webauthn.js.
"use strict";
(function () {
  var webauthn = window.IdentityWebAuthn;
  if (!webauthn) { return; }
  webauthn.formButton("passkey-form", function (json) {
    return navigator.credentials.get({ publicKey: webauthn.requestOptions(json) })
      .then(webauthn.assertionJson);
  });
})();
