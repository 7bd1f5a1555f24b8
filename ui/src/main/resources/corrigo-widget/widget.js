/*
 * Corrigo chat widget. Add to any page:
 *   <script src="https://HOST/widget.js" data-key="pk_..."></script>
 * A <corrigo-chat> web component in its own shadow DOM: the page's CSS cannot reach it, its CSS cannot reach the
 * page. Answers stream in over server-sent events; sources are numbered; abstentions and incomplete answers say
 * so; one click on thumbs up/down is feedback on the run (a comment may follow). The conversation lasts for the
 * browser tab and is a conversation to the server too: follow-ups ("And for part-time staff?") are sent with the
 * thread's id and the visitor token only this tab holds; "New chat" starts over. Answers may use a little Markdown
 * (bold, italics, code, lists), rendered as text nodes: never as HTML. Optional per tenant: starter questions, a
 * brand icon, and a link to a person offered when no answer is found. On a page whose origin the key does not allow
 * the widget never appears; the browser console names the origins it is allowed on. Its own words are English or
 * German: data-lang="de" (or "en") on the script tag, else the browser's language; the tenant's texts (title,
 * greeting, placeholder, starter questions, the contact link's text) in that page language where the tenant wrote them
 * for it (any two-letter code: data-lang="fr" asks for the French ones), else as the tenant wrote them first.
 */
(() => {
  'use strict';
  const script = document.currentScript;
  if (!script || customElements.get('corrigo-chat')) return;
  const KEY = script.dataset.key || '';
  const BASE = new URL(script.src, location.href).origin;
  const STORE = 'corrigo-chat:' + KEY.slice(0, 12);
  const PAGE_LANG = String(script.dataset.lang || navigator.language || 'en').toLowerCase().slice(0, 2);
  const LANG = PAGE_LANG === 'de' ? 'de' : 'en';
  const DE = {
    'New chat': 'Neuer Chat', 'Close chat': 'Chat schließen', 'Open chat': 'Chat öffnen', 'Your question': 'Ihre Frage',
    'Send': 'Senden', 'This chat is not available on this site.': 'Dieser Chat ist auf dieser Seite nicht verfügbar.',
    'Suggested questions': 'Vorgeschlagene Fragen', 'Ask: ': 'Fragen: ', 'Contact us': 'Kontakt aufnehmen',
    'A source it needed was unavailable, so this may be incomplete.':
      'Eine benötigte Quelle war nicht erreichbar; die Antwort kann unvollständig sein.',
    'This answer covers only part of the question.': 'Diese Antwort deckt nur einen Teil der Frage ab.',
    'Sources': 'Quellen', 'source': 'Quelle', 'Source ': 'Quelle ', 'Loading…': 'Wird geladen …',
    'The source could not be shown (': 'Die Quelle konnte nicht angezeigt werden (',
    'Thanks for your feedback.': 'Danke für Ihr Feedback.', '▲ Helpful': '▲ Hilfreich', 'Helpful': 'Hilfreich',
    '▼ Not helpful': '▼ Nicht hilfreich', 'Not helpful': 'Nicht hilfreich',
    'Add a comment (optional)': 'Kommentar hinzufügen (optional)', 'Comment on this answer': 'Kommentar zu dieser Antwort',
    'Send feedback': 'Feedback senden', 'Feedback could not be sent; try again.':
      'Das Feedback konnte nicht gesendet werden; bitte versuchen Sie es erneut.',
    'The comment could not be sent; try again.': 'Der Kommentar konnte nicht gesendet werden; bitte versuchen Sie es erneut.',
    'Sorry, no answer right now (': 'Leider gerade keine Antwort (', 'Answering…': 'Die Antwort entsteht …',
    'Answering: ': 'Beantwortet: ', 'Did you mean': 'Meinten Sie', 'Not what I meant': 'Nicht gemeint',
    'Sorry — please ask the whole question, naming what you mean.':
      'Entschuldigung — bitte stellen Sie die ganze Frage und nennen Sie, was Sie meinen.',
    'Checked against 1 source': 'Mit 1 Quelle abgeglichen', 'Checked against %n sources': 'Mit %n Quellen abgeglichen',
    'Answer written by our team': 'Antwort von unserem Team', 'High confidence': 'Hohe Sicherheit', 'Medium confidence: please check the sources': 'Mittlere Sicherheit: bitte die Quellen prüfen'
  };
  /** The widget's own words in its language. */
  const t = (english) => (LANG === 'de' && DE[english]) || english;

  const css = `
    /* !important inside the shadow tree beats the page's !important on the host element */
    :host { all: initial !important; position: fixed !important; right: 20px !important; bottom: 20px !important;
            z-index: 2147483647 !important; display: block !important; --accent: #1a73e8; }
    .root:not(.ready) { visibility: hidden; }
    .root { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; }
    * { box-sizing: border-box; }
    button { font: inherit; cursor: pointer; }
    .bubble { width: 56px; height: 56px; border-radius: 50%; border: 0; background: var(--accent); color: #fff;
              box-shadow: 0 4px 14px rgba(0,0,0,.25); display: grid; place-items: center; }
    /* focus rings of at least 3:1 against what is around them: dark on the white log and form, white on the header */
    .bubble:focus-visible, .panel button:focus-visible, input:focus-visible, a:focus-visible, .source-view:focus-visible, .log:focus-visible {
      outline: 3px solid #1f2328; outline-offset: 2px; }
    header button:focus-visible { outline-color: #fff; }
    .panel { position: absolute; right: 0; bottom: 70px; width: 370px; max-height: min(600px, 80vh); display: none;
             flex-direction: column; background: #fff; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.3); overflow: hidden; }
    .panel.open { display: flex; }
    header { background: var(--accent); color: #fff; padding: 10px 14px; display: flex; align-items: center; gap: 8px; }
    header h2 { font-size: 16px; margin: 0; flex: 1; }
    header img.icon { width: 24px; height: 24px; border-radius: 4px; object-fit: contain; background: #fff; }
    /* every control at least 24 by 24 CSS pixels (WCAG 2.5.8), the close button larger */
    header button { background: transparent; border: 0; color: #fff; font-size: 22px; line-height: 1;
                    min-width: 36px; min-height: 36px; border-radius: 6px; }
    header button.new { font-size: 13px; border: 1px solid rgba(255,255,255,.6); padding: 4px 10px; min-height: 32px; }
    .starters { display: flex; flex-direction: column; gap: 6px; align-self: flex-start; max-width: 88%; }
    .starters button { text-align: left; border: 1px solid var(--accent); color: var(--accent); background: #fff;
                       border-radius: 16px; padding: 6px 12px; min-height: 32px; }
    a.handoff { display: inline-block; margin-top: 6px; color: var(--accent); font-weight: 600; min-height: 24px; }
    .text p { margin: 0 0 6px; } .text p:last-child { margin-bottom: 0; } .text ul, .text ol { margin: 4px 0; padding-left: 20px; }
    .text code { background: #eff1f3; border-radius: 4px; padding: 0 3px; font-size: 13px; }
    .log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 10px; background: #f6f8fa; }
    .msg { max-width: 88%; padding: 8px 11px; border-radius: 10px; white-space: pre-wrap; word-wrap: break-word; }
    .user { align-self: flex-end; background: var(--accent); color: #fff; }
    .bot { align-self: flex-start; background: #fff; border: 1px solid #d0d7de; }
    .bot.abstained { border-color: #bf8700; background: #fff8c5; }
    .choices { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
    .choices button { border: 1px solid var(--accent); color: var(--accent); background: #fff; border-radius: 12px;
      padding: 4px 10px; min-height: 32px; cursor: pointer; font: inherit; font-size: 13px; }
    .confidence { font-size: 12px; color: #57606a; margin-top: 4px; }
    .confidence .mark { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px;
                        vertical-align: middle; }
    .confidence.high .mark { background: #1a7f37; }
    .confidence.medium .mark { background: #9a6700; }
    .confidence.curated .mark { background: var(--accent); }
    .reading { font-size: 12px; color: #57606a; margin-bottom: 4px; font-style: italic; }
    .reading .not-meant { font: inherit; font-style: normal; color: var(--accent); background: none; border: none;
                          padding: 0 2px; min-height: 24px; cursor: pointer; text-decoration: underline; }
    .bot.error { border-color: #cf222e; background: #ffebe9; }
    .note { font-size: 12px; color: #57606a; margin-top: 6px; }
    ol.sources { margin: 8px 0 0; padding-left: 20px; font-size: 13px; }
    ol.sources a { color: var(--accent); }
    .quote { color: #57606a; font-size: 12px; }
    button.source { background: none; border: 0; padding: 0; color: var(--accent); text-decoration: underline; text-align: left; }
    .source-view { margin: 4px 0 6px; padding: 6px 8px; background: #f6f8fa; border-left: 3px solid var(--accent);
                   font-size: 13px; max-height: 180px; overflow-y: auto; }
    .source-view mark { background: #fff8c5; color: inherit; }
    .source-where { font-size: 12px; color: #57606a; margin-bottom: 4px; font-weight: 600; position: sticky; top: -6px;
                    background: #f6f8fa; padding: 2px 0; }
    .source-text { white-space: pre-wrap; }
    .feedback { display: flex; gap: 6px; margin-top: 6px; align-items: center; flex-wrap: wrap; }
    .feedback button { border: 1px solid #d0d7de; background: #fff; border-radius: 6px; padding: 2px 8px; min-height: 28px; }
    .feedback button[aria-pressed="true"] { background: var(--accent); color: #fff; }
    .feedback input { flex: 1; min-width: 120px; padding: 3px 6px; border: 1px solid #d0d7de; border-radius: 6px; font: inherit; font-size: 13px; }
    form { display: flex; gap: 6px; padding: 10px; border-top: 1px solid #d0d7de; background: #fff; }
    /* 16px: a phone's browser zooms into a smaller input on focus */
    form input { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid #d0d7de; border-radius: 8px; font: inherit;
                 font-size: 16px; }
    form button { border: 0; background: var(--accent); color: #fff; border-radius: 8px; padding: 0 14px; min-height: 40px; }
    form button:disabled { opacity: .6; cursor: default; }
    @media (max-width: 480px) {
      :host { right: 12px !important; bottom: 12px !important; }
      .panel { position: fixed; inset: 0; width: auto; max-height: none; border-radius: 0; bottom: 0; }
    }`;

  class CorrigoChat extends HTMLElement {
    /**
     * On the page, the widget goes into the browser's top layer (a manual popover): above every element of the page,
     * whatever its z-index or stacking context; where popovers are unknown, the highest z-index has to do.
     */
    connectedCallback() {
      if (typeof this.showPopover === 'function' && !this.matches(':popover-open')) {
        this.setAttribute('popover', 'manual');
        try { this.showPopover(); } catch (e) { /* not in a document that can show it: the z-index stands */ }
      }
    }

    constructor() {
      super();
      this.root = this.attachShadow({ mode: 'open' });
      this.root.innerHTML = `<style>${css}</style><div class="root">
        <div class="panel" role="dialog" aria-modal="false" aria-labelledby="title" lang="${LANG}">
          <header><img class="icon" alt="" hidden><h2 id="title">Ask us</h2><button class="new" type="button" aria-label="${t('New chat')}">${t('New chat')}</button>
            <button class="close" type="button" aria-label="${t('Close chat')}">×</button></header>
          <div class="log" role="log" aria-live="polite" aria-relevant="additions" tabindex="0"></div>
          <form><input name="q" type="text" autocomplete="off" aria-label="${t('Your question')}" maxlength="2000">
            <button type="submit" class="send">${t('Send')}</button></form>
        </div>
        <button class="bubble" type="button" aria-label="${t('Open chat')}" aria-expanded="false"><svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg></button></div>`;
      this.panel = this.root.querySelector('.panel');
      this.log = this.root.querySelector('.log');
      this.input = this.root.querySelector('input[name=q]');
      this.bubble = this.root.querySelector('.bubble');
      this.sendButton = this.root.querySelector('.send');
      this.history = JSON.parse(sessionStorage.getItem(STORE) || '[]');
      this.thread = JSON.parse(sessionStorage.getItem(STORE + ':thread') || 'null');
      this.root.querySelector('.new').addEventListener('click', () => this.restart());
      this.bubble.addEventListener('click', () => this.toggle());
      this.root.querySelector('.close').addEventListener('click', () => this.toggle(false));
      this.panel.addEventListener('keydown', e => { if (e.key === 'Escape') this.toggle(false); });
      this.root.querySelector('form').addEventListener('submit', e => { e.preventDefault(); this.ask(); });
      this.configured = this.configure();
    }

    async configure() {
      try {
        const r = await fetch(`${BASE}/public/v1/widget?key=${encodeURIComponent(KEY)}&lang=${encodeURIComponent(PAGE_LANG)}`, { credentials: 'omit' });
        if (!r.ok) throw new Error((await r.json()).message);
        const w = await r.json();
        this.style.setProperty('--accent', w.color);
        this.root.getElementById('title').textContent = w.title;
        this.input.placeholder = w.placeholder;
        this.greeting = w.greeting;
        this.starters = w.starterQuestions || [];
        this.handoff = w.handoffUrl && /^(https?:|mailto:)/.test(w.handoffUrl) ? { url: w.handoffUrl, label: w.handoffLabel } : null;
        if (w.iconUrl && /^https?:/.test(w.iconUrl)) {
          const icon = this.root.querySelector('img.icon'); icon.src = w.iconUrl; icon.hidden = false;
        }
        this.available = true;
      } catch (e) {
        // a page the key does not serve: no bubble at all, and the reason where the site's developer looks
        console.warn('Corrigo chat is not shown on this page: ' + e.message);
        this.available = false;
        this.remove();
        return;
      }
      this.root.querySelector('.root').classList.add('ready');
      this.render();
    }

    toggle(open = !this.panel.classList.contains('open')) {
      this.panel.classList.toggle('open', open);
      this.bubble.setAttribute('aria-expanded', String(open));
      this.bubble.setAttribute('aria-label', open ? t('Close chat') : t('Open chat'));
      if (open) this.input.focus(); else this.bubble.focus();
    }

    save() {
      sessionStorage.setItem(STORE, JSON.stringify(this.history.slice(-50)));
      sessionStorage.setItem(STORE + ':thread', JSON.stringify(this.thread));
    }

    /** Forgets the conversation: the next question starts a new one. */
    restart() {
      if (this.busy) return;
      this.history = []; this.thread = null; this.save(); this.render(); this.input.focus();
    }

    render() {
      this.log.innerHTML = '';
      if (this.available === false) {
        this.addBot({ error: t('This chat is not available on this site.') });
        this.input.disabled = true; this.sendButton.disabled = true;
        return;
      }
      if (this.greeting) this.addBot({ answer: this.greeting, greeting: true });
      for (const m of this.history) m.role === 'user' ? this.addUser(m.text) : this.addBot(m);
      if (!this.history.length && this.starters && this.starters.length) {
        const box = document.createElement('div');
        box.className = 'starters'; box.setAttribute('role', 'group'); box.setAttribute('aria-label', t('Suggested questions'));
        for (const q of this.starters) {
          const b = this.button(q, t('Ask: ') + q);
          b.addEventListener('click', () => { this.input.value = q; box.remove(); this.ask(); });
          box.append(b);
        }
        this.log.append(box);
      }
    }

    addUser(text) {
      const div = document.createElement('div');
      div.className = 'msg user'; div.textContent = text;
      this.log.append(div); this.log.scrollTop = this.log.scrollHeight;
    }

    addBot(m) {
      const div = document.createElement('div');
      div.className = 'msg bot';
      this.log.append(div);
      this.fill(div, m);
      return div;
    }

    fill(div, m) {
      div.innerHTML = '';
      div.classList.toggle('abstained', !!m.abstained);
      div.classList.toggle('error', !!m.error);
      if (m.reading && m.reading.rewritten) {
        // the follow-up as it was read: a wrong reading is seen before the answer is trusted
        const r = document.createElement('div');
        r.className = 'reading'; r.textContent = t('Answering: ') + m.reading.answering + ' ';
        const wrong = document.createElement('button');
        wrong.type = 'button'; wrong.className = 'not-meant'; wrong.textContent = t('Not what I meant');
        wrong.addEventListener('click', () => {
          // the reading was wrong: ask back, with the follow-up ready to be written out in full
          wrong.remove();
          this.addBot({ answer: t('Sorry — please ask the whole question, naming what you mean.'), local: true });
          this.input.value = m.reading.asked; this.input.focus();
        });
        r.append(wrong);
        div.append(r);
      }
      const text = document.createElement('div');
      text.className = 'text';
      if (m.error) text.textContent = m.error; else markdown(text, m.answer || '');
      div.append(text);
      if (m.reading && m.reading.choices && m.reading.choices.length) {
        // the follow-up reads more than one way: each reading is one click away
        const box = document.createElement('div');
        box.className = 'choices'; box.setAttribute('role', 'group'); box.setAttribute('aria-label', t('Did you mean'));
        for (const c of m.reading.choices) {
          const b = this.button(c.label, t('Ask: ') + c.question);
          b.className = 'choice';
          b.addEventListener('click', () => { if (this.busy) return; this.input.value = c.question; box.remove(); this.ask(); });
          box.append(b);
        }
        div.append(box);
      }
      if (m.curated && !m.abstained) {
        // an answer the tenant's staff wrote for this question: said so, in the place of the confidence line
        const line = document.createElement('div');
        line.className = 'confidence curated';
        const mark = document.createElement('span');
        mark.className = 'mark'; mark.setAttribute('aria-hidden', 'true');
        line.append(mark, document.createTextNode(t('Answer written by our team')));
        div.append(line);
      } else if (m.confidence && !m.abstained) this.confidence(div, m.confidence);
      // what was searched and what the sources do cover: from the answer's refusal, else from the streamed decision;
      // nothing of it under a question asked back (nothing was searched, nothing refused)
      const refusedHere = m.abstained && !(m.reading && m.reading.clarification);
      const searchedLine = refusedHere && m.refusal ? refused(m.refusal) : m.searched;
      if (refusedHere && searchedLine) this.note(div, searchedLine);
      if (refusedHere && m.refusal && m.refusal.covered) this.note(div, covered(m.refusal.covered));
      if (refusedHere && this.handoff) {
        const a = document.createElement('a');
        a.className = 'handoff'; a.href = this.handoff.url; a.textContent = this.handoff.label || t('Contact us');
        if (!this.handoff.url.startsWith('mailto:')) { a.target = '_blank'; a.rel = 'noopener noreferrer'; }
        div.append(a);
      }
      if (m.degraded) this.note(div, t('A source it needed was unavailable, so this may be incomplete.'));
      else if (m.incomplete && !m.abstained) this.note(div, t('This answer covers only part of the question.'));
      if (m.citations && m.citations.length) {
        const ol = document.createElement('ol');
        ol.className = 'sources'; ol.setAttribute('aria-label', t('Sources'));
        for (const c of m.citations) {
          const li = document.createElement('li');
          li.value = c.number;
          const label = c.title || c.documentId || t('source');
          if (c.uri && /^https?:/.test(c.uri)) {
            const a = document.createElement('a');
            a.href = c.uri; a.target = '_blank'; a.rel = 'noopener noreferrer'; a.textContent = label;
            li.append(a);
          } else if (m.runId) {
            // a knowledge-base source has no address: it opens in place, the passage with the quoted sentence marked
            const open = this.button(label, 'Show source ' + c.number + ': ' + label);
            open.className = 'source'; open.setAttribute('aria-expanded', 'false');
            open.addEventListener('click', () => this.toggleSource(li, open, m.runId, c.number));
            li.append(open);
          } else li.append(document.createTextNode(label));
          if (c.quote) { const q = document.createElement('div'); q.className = 'quote'; q.textContent = c.quote; li.append(q); }
          ol.append(li);
        }
        div.append(ol);
      }
      if (m.runId) this.feedback(div, m);
      this.log.scrollTop = this.log.scrollHeight;
    }

    /** A quiet mark and a line: how sure the answer is, as a level, and how many sources it was checked against. */
    confidence(div, c) {
      const line = document.createElement('div');
      line.className = 'confidence ' + (c.level === 'high' ? 'high' : 'medium');
      const mark = document.createElement('span');
      mark.className = 'mark'; mark.setAttribute('aria-hidden', 'true');
      const level = c.level === 'high' ? t('High confidence') : t('Medium confidence: please check the sources');
      const sources = c.sources === 1 ? t('Checked against 1 source')
        : t('Checked against %n sources').replace('%n', String(c.sources));
      line.append(mark, document.createTextNode(c.sources > 0 ? level + ' · ' + sources : level));
      line.title = level;
      div.append(line);
    }

    async toggleSource(li, button, runId, number) {
      const shown = li.querySelector('.source-view');
      const quote = li.querySelector('.quote'); // the open passage marks the quote: no need to show it twice
      if (shown) { shown.remove(); button.setAttribute('aria-expanded', 'false'); if (quote) quote.hidden = false; return; }
      if (quote) quote.hidden = true;
      const view = document.createElement('div');
      view.className = 'source-view'; view.setAttribute('role', 'region'); view.setAttribute('aria-label', t('Source ') + number); view.tabIndex = 0; // it scrolls: the keyboard must reach it
      view.textContent = t('Loading…');
      button.after(view); button.setAttribute('aria-expanded', 'true');
      try {
        const r = await fetch(`${BASE}/public/v1/runs/${encodeURIComponent(runId)}/sources/${number}?key=${encodeURIComponent(KEY)}`,
                              { credentials: 'omit' });
        if (!r.ok) throw new Error('status ' + r.status);
        const source = await r.json();
        view.textContent = '';
        const doc = source.document;
        if (doc) {
          // the document around the quote, the quote highlighted, where it is printed
          const where = [];
          if (doc.page) where.push('Page ' + doc.page + (doc.pages ? ' of ' + doc.pages : ''));
          if (doc.section) where.push(doc.section);
          if (where.length) {
            const at = document.createElement('div'); at.className = 'source-where'; at.textContent = where.join(' · ');
            view.append(at);
          }
          const text = document.createElement('div'); text.className = 'source-text';
          const mark = document.createElement('mark'); mark.textContent = doc.quoted;
          text.append(document.createTextNode(doc.before), mark, document.createTextNode(doc.after));
          view.append(text);
        } else {
          for (const s of source.sentences) {
            const part = document.createElement(s.quoted ? 'mark' : 'span');
            part.textContent = s.text;
            view.append(part, document.createTextNode(' '));
          }
        }
        const mark = view.querySelector('mark');
        // the quote opens below the sticky "Page · section" line, not under it
        const label = view.querySelector('.source-where');
        if (mark) view.scrollTop = Math.max(0, mark.offsetTop - view.offsetTop - 8 - (label ? label.offsetHeight : 0));
      } catch (e) { view.textContent = t('The source could not be shown (') + e.message + ').'; }
      view.scrollIntoView({ block: 'nearest' });
    }

    note(div, text) {
      const n = document.createElement('div'); n.className = 'note'; n.textContent = text; div.append(n);
    }

    /** One click rates the answer (sent at once); a comment may follow, sent with the same rating. */
    feedback(div, m) {
      const bar = document.createElement('div');
      bar.className = 'feedback';
      if (m.rated === 'commented') { bar.textContent = t('Thanks for your feedback.'); div.append(bar); return; }
      const up = this.button(t('▲ Helpful'), t('Helpful')), down = this.button(t('▼ Not helpful'), t('Not helpful'));
      const comment = document.createElement('input');
      comment.placeholder = t('Add a comment (optional)'); comment.setAttribute('aria-label', t('Comment on this answer'));
      comment.hidden = !m.rated;
      const send = this.button(t('Send'), t('Send feedback')); send.hidden = !m.rated;
      const status = document.createElement('span'); status.className = 'note'; status.setAttribute('role', 'status');
      const post = async (rating, text) => {
        const r = await fetch(`${BASE}/public/v1/runs/${encodeURIComponent(m.runId)}/feedback?key=${encodeURIComponent(KEY)}`, {
          method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ rating, comment: text || null }) });
        if (!r.ok) throw new Error('status ' + r.status);
      };
      const pick = async (rating, b) => {
        up.setAttribute('aria-pressed', String(b === up)); down.setAttribute('aria-pressed', String(b === down));
        try {
          await post(rating, null);
          m.rated = rating; this.save();
          status.textContent = t('Thanks for your feedback.');
          comment.hidden = false; send.hidden = false;
          bar.scrollIntoView({ block: 'nearest' });
        } catch (e) { status.textContent = t('Feedback could not be sent; try again.'); }
      };
      if (m.rated) up.setAttribute('aria-pressed', String(m.rated === 'helpful')), down.setAttribute('aria-pressed', String(m.rated === 'not_helpful'));
      up.addEventListener('click', () => pick('helpful', up));
      down.addEventListener('click', () => pick('not_helpful', down));
      send.addEventListener('click', async () => {
        send.disabled = true;
        try {
          await post(m.rated, comment.value);
          m.rated = 'commented'; this.save();
          bar.textContent = t('Thanks for your feedback.');
          bar.scrollIntoView({ block: 'nearest' });
        } catch (e) { send.disabled = false; status.textContent = t('The comment could not be sent; try again.'); }
      });
      bar.append(up, down, status, comment, send);
      div.append(bar);
    }

    button(text, label) {
      const b = document.createElement('button'); b.type = 'button'; b.textContent = text; b.setAttribute('aria-label', label); return b;
    }

    async ask() {
      const question = this.input.value.trim();
      if (!question || this.busy) return;
      this.busy = true; this.sendButton.disabled = true; this.input.value = '';
      const offered = this.log.querySelector('.starters'); if (offered) offered.remove();
      this.history.push({ role: 'user', text: question }); this.save();
      this.addUser(question);
      const m = { role: 'bot', answer: '' };
      const div = this.addBot(m);
      div.setAttribute('aria-busy', 'true');
      try {
        const send = () => fetch(`${BASE}/public/v1/ask?key=${encodeURIComponent(KEY)}`, {
          method: 'POST', credentials: 'omit',
          headers: { 'Content-Type': 'application/json', 'Accept': 'text/event-stream' },
          body: JSON.stringify({ question, conversationId: this.thread && this.thread.conversationId,
                                 visitorToken: this.thread && this.thread.visitorToken }) });
        let r = await send();
        if (r.status === 404 && this.thread) { this.thread = null; r = await send(); } // the thread expired: a new one
        if (!r.ok) {
          let reason = 'status ' + r.status;
          try { reason = (await r.json()).message; } catch (e) { /* not JSON */ }
          throw new Error(reason);
        }
        const reader = r.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const raw = buffer.slice(0, end); buffer = buffer.slice(end + 2);
            const name = (raw.match(/^event: (.*)$/m) || [])[1];
            const data = JSON.parse((raw.match(/^data: (.*)$/m) || [])[1] || 'null');
            if (name === 'delta') { m.answer += data.text; div.querySelector('.text').textContent = m.answer; }
            else if (name === 'decision') {
              m.searched = searched(data);
              if (!m.answer) div.querySelector('.text').textContent = progress(data);
            }
            else if (name === 'done') {
              if (data.visitorToken) this.thread = { conversationId: data.conversationId, visitorToken: data.visitorToken };
              delete data.visitorToken; delete data.conversationId;
              Object.assign(m, data); this.fill(div, m);
            }
          }
        }
        this.history.push(m);
      } catch (e) {
        this.fill(div, { error: t('Sorry, no answer right now (') + e.message + ').' });
      } finally {
        div.removeAttribute('aria-busy');
        this.save(); this.busy = false; this.sendButton.disabled = false; this.input.focus();
      }
    }
  }

  /** What the assistant is doing, from the run's retrieval decision, shown until the first words of the answer. */
  function progress(d) {
    if (!d.retrieve) return t('Answering…');
    if (LANG === 'de') {
      const relevant = d.kept === 1 ? '1 relevante' : d.kept + ' relevante';
      return `${d.graded} Passagen geprüft (${relevant}); ` + (d.webSearch ? 'suche auch im Web …' : 'schreibe die Antwort …');
    }
    const kept = d.kept === 1 ? '1 relevant passage' : d.kept + ' relevant passages';
    if (d.webSearch) return `Checked ${d.graded} passages (${kept}); searching the web as well…`;
    return `Checked ${d.graded} passages (${kept}); writing the answer…`;
  }

  /** What was searched, from an abstention's refusal (null where nothing was, as for an unchecked question). */
  function refused(r) {
    if (r.reason === 'unchecked') return null;
    return searched({ retrieve: true, graded: r.passages, webSearch: r.web });
  }

  /** The part of the question the closest source covers: the subject is there, the asked detail is not. */
  function covered(c) {
    const terms = c.terms.join(', ');
    if (LANG === 'de') return `Die Quellen nennen ${terms} (in „${c.source}“), aber nicht das Gefragte.`;
    return `The sources mention ${terms} (in “${c.source}”), but not what is asked.`;
  }

  /** What was searched for an answer, said once under an abstention. */
  function searched(d) {
    if (!d || !d.retrieve) return null;
    if (LANG === 'de') {
      return `${d.graded === 1 ? '1 Passage' : d.graded + ' Passagen'} der Wissensbasis${d.webSearch ? ' und das Web' : ''} durchsucht.`;
    }
    const passages = d.graded === 1 ? '1 passage' : d.graded + ' passages';
    return `Searched ${passages} of the knowledge base${d.webSearch ? ' and the web' : ''}.`;
  }

  /**
   * A little Markdown as DOM nodes: paragraphs, "- " and "1. " lists, **bold**, *italics*, `code`. Text is only ever
   * set as text, so an answer cannot inject markup.
   */
  function markdown(target, source) {
    target.textContent = '';
    let list = null;
    for (const line of source.split('\n')) {
      const item = line.match(/^\s*(?:[-*•]|(\d+)[.)])\s+(.*)$/);
      if (item) {
        const kind = item[1] ? 'ol' : 'ul';
        if (!list || list.tagName.toLowerCase() !== kind) { list = document.createElement(kind); target.append(list); }
        const li = document.createElement('li'); inline(li, item[2]); list.append(li);
        continue;
      }
      list = null;
      if (!line.trim()) continue;
      const p = document.createElement('p'); inline(p, line); target.append(p);
    }
  }

  function inline(target, text) {
    const pattern = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|`([^`]+)`/g;
    let at = 0, m;
    while ((m = pattern.exec(text))) {
      target.append(document.createTextNode(text.slice(at, m.index)));
      const el = document.createElement(m[1] ? 'strong' : m[2] ? 'em' : 'code');
      el.textContent = m[1] || m[2] || m[3];
      target.append(el);
      at = m.index + m[0].length;
    }
    target.append(document.createTextNode(text.slice(at)));
  }

  customElements.define('corrigo-chat', CorrigoChat);
  const mount = () => document.body.append(document.createElement('corrigo-chat'));
  document.body ? mount() : document.addEventListener('DOMContentLoaded', mount);
})();
