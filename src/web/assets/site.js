// Served as a file (the CSP allows no inline script). Every page works without it; it only adds
// the copy button and the confirmation before a key is revoked.
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy);
    const status = document.getElementById(`${button.dataset.copy}-status`);
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      status.textContent = 'Copied to the clipboard.';
    } catch {
      window.getSelection().selectAllChildren(source);
      status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });
}

for (const form of document.querySelectorAll('form[data-confirm]')) {
  form.addEventListener('submit', (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}

// While a document is read (OCR can take many seconds) the page says so, with the time spent;
// the button is held so that a second click sends nothing twice.
for (const form of document.querySelectorAll('form[data-progress]')) {
  form.addEventListener('submit', () => {
    const status = document.getElementById(form.dataset.progress);
    const button = form.querySelector('button[type="submit"]');
    const started = Date.now();
    const say = () => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      status.textContent = `Extracting… ${seconds} s. Scanned pages take longer: keep this page open.`;
    };
    say();
    setInterval(say, 1000);
    form.setAttribute('aria-busy', 'true');
    // Disabled after the submit event has taken the form's data, so the post still goes.
    setTimeout(() => {
      button.disabled = true;
    }, 0);
  });
}
