// Passwordless sign-in with a passkey on the hosted sign-in page (docs/hosted-pages.md,
// "Passwordless"). Without WebAuthn (or without this script) the passkey block stays hidden and
// the rest of the page works. The button asks for any passkey of this site; where the browser
// offers passkeys in the email field's autofill (conditional mediation), that request starts at
// once. The assertion goes back in a plain form POST, so the server's answer (a redirect to the
// next step) is followed as any form's.
"use strict";
(function () {
  var root = document.getElementById("passkey-sign-in");
  var webauthn = window.IdentityWebAuthn; // webauthn.js: the parts the passkey scripts share
  if (!root || !webauthn || !window.PublicKeyCredential || !navigator.credentials || !window.fetch) {
    return;
  }
  var form = document.getElementById("passkey-form");
  var button = document.getElementById("passkey-button");
  var status = document.getElementById("passkey-status");
  var pending = null; // the AbortController of the autofill request, while one waits

  function fetchOptions() {
    // The form's CSRF token and flow go with the request: the challenge is bound to them.
    var body = new URLSearchParams();
    body.set("csrf_token", form.elements.csrf_token.value);
    if (form.elements.flow) {
      body.set("flow", form.elements.flow.value);
    }
    return fetch(root.getAttribute("data-options-url"), {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json" }
    }).then(function (answer) {
      if (!answer.ok) {
        throw new Error("options " + answer.status);
      }
      return answer.json();
    });
  }

  function signIn(conditional) {
    return fetchOptions().then(function (json) {
      var request = { publicKey: webauthn.requestOptions(json.options) };
      if (conditional) {
        pending = new AbortController();
        request.mediation = "conditional";
        request.signal = pending.signal;
        root.setAttribute("data-mediation", "conditional");
      }
      return navigator.credentials.get(request);
    }).then(function (credential) {
      if (!credential) {
        return;
      }
      form.elements.credential.value = JSON.stringify(webauthn.assertionJson(credential));
      form.submit();
    });
  }

  function failed(error) {
    if (error && error.name === "AbortError") {
      return;
    }
    status.textContent = root.getAttribute("data-failed");
    button.disabled = false;
  }

  root.hidden = false;
  button.addEventListener("click", function () {
    if (pending) {
      pending.abort(); // one WebAuthn request at a time: the button's replaces the autofill's
      pending = null;
    }
    button.disabled = true;
    status.textContent = root.getAttribute("data-working");
    // The autofill request's abort settles asynchronously; start once it has.
    window.setTimeout(function () {
      signIn(false).catch(failed);
    }, 0);
  });
  if (window.PublicKeyCredential.isConditionalMediationAvailable) {
    window.PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
      if (available) {
        signIn(true).catch(function (error) {
          if (!error || error.name !== "AbortError") {
            root.setAttribute("data-mediation", "failed");
          }
        });
      }
    });
  }
})();
