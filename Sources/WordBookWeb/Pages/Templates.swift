/// The pages' mustache templates and their style, kept in the binary so the app needs no files
/// beside it and works with the box offline. `{{x}}` escapes HTML; `{{{content}}}` is a page
/// rendered by these templates.
enum Templates {
    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>{{title}} · WordBook</title>
        <style>\(style)</style>
        </head>
        <body>
        <header><a href="/pending" class="brand">WordBook</a>
        <nav><a href="/pending">Pending{{#waiting}} <span class="count">{{waiting}}</span>{{/waiting}}</a>
        <a href="/review">Review{{#due}} <span class="count">{{due}}</span>{{/due}}</a>
        <a href="/books">Books</a>
        <a href="/status">Status</a></nav></header>
        <main>
        {{{content}}}
        </main>
        <script>\(script)</script>
        </body>
        </html>
        """

    /// What every form about a word sends besides its own fields: the session's form token, and the
    /// state the page showed the word in, so that a change made meanwhile elsewhere is told, not undone.
    static let formStamp = """
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="seen" value="{{version}}">
        """

    static let pending = """
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        {{#word}}
        <article class="card" data-word="{{id}}">
          {{#tap}}
          <div class="tap" style="aspect-ratio: {{width}} / {{height}}; width: min(100%, calc(56vh * {{width}} / {{height}}))">
            <div class="zoom">
              <img src="/words/{{id}}/around" alt="The photo around the proposed word, the words read in it marked to tap">
              <form method="post" action="/words/{{id}}">
                {{> formStamp}}
                {{#spots}}<button class="spot{{#current}} current{{/current}}" name="action" value="tap-{{index}}" lang="{{language}}" title="{{text}}" aria-label="{{text}}" style="left: {{left}}%; top: {{top}}%; width: {{width}}%; height: {{height}}%"></button>{{/spots}}
              </form>
            </div>
          </div>
          <p class="hint">Tap the word you meant on the photo; two fingers zoom it.</p>
          {{/tap}}
          {{^tap}}<img class="photo" src="/words/{{id}}/photo" alt="The photo around the proposed word" width="390">{{/tap}}
          <h1 class="word" lang="{{language}}">{{#text}}{{text}}{{/text}}{{^text}}<span class="none">no word found</span>{{/text}}</h1>
          <p class="meta">#{{id}} · {{languageName}} · {{sureness}}</p>
          {{#gloss}}<p class="gloss">{{gloss}}{{#doubtful}} <span class="if">(if it is {{text}})</span>{{/doubtful}}</p>{{/gloss}}
          {{#context}}<p class="context" lang="{{language}}">in: {{context}}</p>{{/context}}
          <form method="post" action="/words/{{id}}" class="actions">
            {{> formStamp}}
            {{#doubtful}}
            {{#hasCandidates}}<p class="or">Not sure: pick one, or tap the word on the photo.</p>{{> candidates}}{{/hasCandidates}}
            <button class="guess" name="action" value="confirm">Confirm the guess “{{text}}”</button>
            {{/doubtful}}
            {{^doubtful}}
            {{#text}}<button class="primary" name="action" value="confirm" data-key="Enter">Confirm</button>{{/text}}
            {{#hasCandidates}}<p class="or">or one of these:</p>{{> candidates}}{{/hasCandidates}}
            {{/doubtful}}
          </form>
          <form method="post" action="/words/{{id}}" class="correct">
            {{> formStamp}}
            <input type="hidden" name="action" value="correct">
            <label for="typed">The right word</label>
            <div class="row">
              <input id="typed" name="word" value="{{typed}}" lang="{{language}}" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="200" placeholder="type it here">
              <button>Save</button>
            </div>
            {{#hasLetters}}<div class="letters" aria-label="Letters of {{languageName}}">{{#letters}}<button type="button" class="letter" lang="{{language}}">{{.}}</button>{{/letters}}</div>{{/hasLetters}}
          </form>
          <form method="post" action="/words/{{id}}">
            {{> formStamp}}
            <button class="reject" name="action" value="reject" data-key="r">Reject</button>
          </form>
        </article>
        {{/word}}
        {{^word}}<p class="done">Nothing is waiting: every proposal is settled.</p>{{/word}}
        {{#undo}}
        <form method="post" action="/undo" class="undo">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <button data-key="u">Undo: {{undo}}</button>
        </form>
        {{/undo}}
        """

    /// The review page: the front of the day's next word (the cue: the photo with the word painted
    /// over, the gloss with the word written over), or its back (the word, and Anki's four answers,
    /// each with the wait it gives).
    static let review = """
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        {{#counts}}<p class="counts" title="new, in their steps, to review"><span class="new">{{new}}</span> + <span class="learning">{{learning}}</span> + <span class="reviews">{{reviews}}</span></p>{{/counts}}
        {{#front}}
        <article class="card" data-word="{{id}}" data-side="front">
          <img class="photo" src="/words/{{id}}/cue" alt="The photo, the word painted over" width="390">
          <p class="meta">#{{id}} · {{languageName}} · {{kind}}</p>
          {{#cue}}<p class="gloss cue">= {{cue}}</p>{{/cue}}{{^cue}}<p class="gloss cue none">No gloss: recall the word from the photo.</p>{{/cue}}
          <form method="get" action="/review/{{id}}"><button class="primary" data-key=" " data-alt="Enter">Show the word</button></form>
          <form method="post" action="/review/{{id}}">
            {{> formStamp}}
            <button class="quiet" name="action" value="skip" data-key="s">Skip for today</button>
          </form>
        </article>
        {{/front}}
        {{#back}}
        <article class="card" data-word="{{id}}" data-side="back">
          <img class="photo" src="/words/{{id}}/photo" alt="The photo around the word" width="390">
          <h1 class="word" lang="{{language}}">{{text}}</h1>
          <p class="meta">#{{id}} · {{languageName}}</p>
          {{#gloss}}<p class="gloss">= {{gloss}}</p>{{/gloss}}
          {{#context}}<p class="context" lang="{{language}}">in: {{context}}</p>{{/context}}
          <form method="post" action="/review/{{id}}" class="answers">
            {{> formStamp}}
            {{#answers}}<button name="action" value="{{value}}" class="answer {{value}}" data-key="{{number}}"{{#good}} data-alt=" "{{/good}}><span class="wait">{{wait}}</span>{{name}}</button>{{/answers}}
          </form>
        </article>
        {{/back}}
        {{#done}}<p class="done">{{done}}</p>{{/done}}
        {{#undo}}
        <form method="post" action="/review/undo" class="undo">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <button data-key="u">Undo: {{undo}}</button>
        </form>
        {{/undo}}
        """

    static let searchForm = """
        <form method="get" action="/search" class="search" role="search">
          <div class="row"><input type="search" name="q" value="{{query}}" maxlength="200" placeholder="Search words, notes and lines" aria-label="Search">
          <button>Search</button></div>
        </form>
        """

    /// The days' word books, newest first, under the search.
    static let books = """
        \(searchForm)
        <h1>Word books</h1>
        <ul class="list">
          {{#books}}<li><a href="/books/{{day}}"><span class="day">{{day}}</span><span class="n">{{words}} word{{^one}}s{{/one}}{{#mastered}}, {{mastered}} mastered{{/mastered}}</span></a></li>{{/books}}
        </ul>
        {{^books}}<p class="done">No word is filed yet: photos put in the inbox are filed into the day's book.</p>{{/books}}
        """

    /// The words of a day's book, or a search's.
    static let words = """
        \(searchForm)
        <h1>{{heading}}</h1>
        <ul class="list">
          {{#words}}<li><a href="/words/{{id}}"><span class="w" lang="{{language}}">{{#text}}{{text}}{{/text}}{{^text}}#{{id}}{{/text}}</span><span class="st {{status}}">{{status}}</span>{{#gloss}}<span class="g">{{gloss}}</span>{{/gloss}}</a></li>{{/words}}
        </ul>
        {{^words}}<p class="done">{{empty}}</p>{{/words}}
        {{#more}}<p class="meta">{{more}}</p>{{/more}}
        """

    /// A word's page: its photo, what it means, its reviews and changes, and its edits.
    static let word = """
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <article class="card" data-word="{{id}}">
          <img class="photo" src="/words/{{id}}/photo" alt="The photo around the word" width="390">
          <h1 class="word" lang="{{language}}">{{#text}}{{text}}{{/text}}{{^text}}<span class="none">no word</span>{{/text}}</h1>
          <p class="meta">#{{id}} · {{languageName}} · {{status}} · <a href="/books/{{book}}">{{book}}</a></p>
          {{#nextReview}}<p class="meta">Next review: {{nextReview}}</p>{{/nextReview}}
          {{#proposed}}<p class="meta"><a href="/pending">A proposal: settle it on the pending page.</a></p>{{/proposed}}
          {{#gloss}}<p class="gloss">= {{gloss}}</p>{{/gloss}}
          {{#context}}<p class="context" lang="{{language}}">in: {{context}}</p>{{/context}}
          <form method="post" action="/words/{{id}}/edit" class="correct">
            {{> formStamp}}
            <input type="hidden" name="action" value="correct">
            <label for="typed">The word</label>
            <div class="row"><input id="typed" name="word" value="{{typed}}" lang="{{language}}" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="200"><button>Save</button></div>
          </form>
          <form method="post" action="/words/{{id}}/edit" class="note">
            {{> formStamp}}
            <input type="hidden" name="action" value="note">
            <label for="note">Note</label>
            <textarea id="note" name="note" rows="3" maxlength="2000">{{notes}}</textarea>
            <button>Save the note</button>
          </form>
          <div class="tags">
            {{#tags}}<form method="post" action="/words/{{id}}/edit">{{> formStamp}}<input type="hidden" name="action" value="untag"><input type="hidden" name="tag" value="{{.}}"><button class="tag" aria-label="Take the tag {{.}} off">+{{.}} ×</button></form>{{/tags}}
          </div>
          <form method="post" action="/words/{{id}}/edit" class="addtag">
            {{> formStamp}}
            <input type="hidden" name="action" value="tag">
            <div class="row"><input name="tag" maxlength="100" placeholder="a tag, one word" aria-label="A tag to add" autocapitalize="off"><button>Add the tag</button></div>
          </form>
          <h2>Reviews</h2>
          <ul class="log">{{#reviews}}<li>{{at}} · {{answer}} · then {{next}}</li>{{/reviews}}</ul>
          {{^reviews}}<p class="meta">Not reviewed yet.</p>{{/reviews}}
          <h2>Changes</h2>
          <ul class="log">{{#changes}}<li>{{at}} · {{summary}} ({{command}}){{#undone}}, undone{{/undone}}</li>{{/changes}}</ul>
          {{^changes}}<p class="meta">No change since it was filed.</p>{{/changes}}
        </article>
        """

    /// What `wordbook status` says, a line each, then the photos that failed and why.
    static let status = """
        <h1>Status</h1>
        <dl class="status">{{#lines}}<dt>{{label}}</dt><dd>{{text}}</dd>{{/lines}}</dl>
        <h2>Failed photos</h2>
        <ul class="log">{{#failures}}<li><b>{{name}}</b>: {{reason}}</li>{{/failures}}</ul>
        {{^failures}}<p class="meta">None: every photo was filed.</p>{{/failures}}
        {{#more}}<p class="meta">{{more}}</p>{{/more}}
        """

    /// The candidates as buttons, each sending `pick-N`; 1-9 pick them on a desktop.
    static let candidates = """
        <div class="candidates">
          {{#candidates}}<button name="action" value="pick-{{index}}" lang="{{language}}" data-key="{{number}}">{{text}}</button>{{/candidates}}
        </div>
        """

    /// A refusal or a notice with nothing else to do on the page.
    static let message = """
        <h1>{{heading}}</h1>
        <p class="error" role="alert">{{sentence}}</p>
        {{#back}}<p><a href="/pending">Back to the words waiting</a></p>{{/back}}
        """

    static let style = """
        :root { color-scheme: light dark; --accent: #0a66c2; --bad: #b3261e; --line: #8884; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 17px/1.4 system-ui, sans-serif; }
        header { display: flex; justify-content: space-between; align-items: baseline; padding: 10px 14px;
          border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; text-decoration: none; color: inherit; }
        nav a { margin-left: 12px; color: inherit; }
        @media (max-width: 480px) {
          .brand { display: none; }
          nav { display: flex; width: 100%; justify-content: space-between; }
          nav a { margin-left: 0; }
        }
        .count { font-size: 15px; opacity: .75; }
        .counts { margin: 0 0 8px; text-align: center; font-weight: 600; }
        .counts .new { color: #1f6feb; } .counts .learning { color: #cf222e; } .counts .reviews { color: #1a7f37; }
        .cue { font-size: 20px; margin-top: 10px; }
        .quiet { width: 100%; margin-top: 10px; background: transparent; }
        .answers { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; margin-top: 12px; }
        .answer { display: flex; flex-direction: column; align-items: center; padding: 6px 2px; font-weight: 600; }
        .answer .wait { font-size: 13px; font-weight: 400; opacity: .8; }
        .answer.again { color: var(--bad); } .answer.good { background: var(--accent); color: #fff; border: 0; }
        main { max-width: 560px; margin: 0 auto; padding: 10px 14px 24px; }
        .photo { display: block; width: 100%; height: auto; max-height: 42vh; object-fit: contain; border-radius: 8px;
          background: #0002; }
        .tap { position: relative; margin: 0 auto; overflow: hidden; border-radius: 8px; touch-action: pan-y; }
        .tap.zoomed { touch-action: none; }
        .zoom { position: absolute; inset: 0; transform-origin: 0 0; }
        .tap img { position: absolute; inset: 0; width: 100%; height: 100%; }
        .spot { position: absolute; min-height: 0; padding: 0; border: 1.5px solid #0a66c2aa; border-radius: 3px;
          background: #0a66c218; }
        .spot.current { border-color: transparent; background: transparent; }
        .spot:active, .spot:focus-visible { background: #0a66c260; }
        .search { margin-bottom: 10px; }
        .status { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; font-size: 15px; }
        .status dt { font-weight: 600; } .status dd { margin: 0; overflow-wrap: anywhere; }
        .list { list-style: none; margin: 0; padding: 0; }
        .list a { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; padding: 10px 2px;
          border-bottom: 1px solid var(--line); color: inherit; text-decoration: none; }
        .list .day, .list .w { font-weight: 600; }
        .list .n, .list .st, .list .g { font-size: 15px; opacity: .75; }
        .list .g { flex-basis: 100%; overflow-wrap: anywhere; }
        h2 { font-size: 18px; margin: 18px 0 4px; }
        .log { margin: 0; padding-left: 18px; font-size: 15px; }
        .note { margin-top: 12px; }
        .note label { font-size: 15px; opacity: .75; display: block; }
        .note textarea { width: 100%; font: inherit; padding: 8px 10px; border-radius: 10px; border: 1px solid var(--line);
          background: transparent; color: inherit; margin: 4px 0; }
        .tags { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 12px; }
        .tag { min-height: 36px; padding: 4px 10px; }
        .addtag { margin-top: 6px; }
        .hint { margin: 4px 0 0; font-size: 14px; opacity: .7; text-align: center; }
        .word { font-size: 34px; margin: 10px 0 0; overflow-wrap: anywhere; }
        .none { opacity: .6; font-style: italic; font-size: 24px; }
        .meta { margin: 2px 0; opacity: .75; font-size: 15px; }
        .gloss { margin: 4px 0; font-size: 18px; }
        .context { margin: 4px 0; opacity: .75; font-size: 15px; overflow-wrap: anywhere; }
        form { margin: 0; }
        button { font: inherit; min-height: 46px; padding: 8px 14px; border-radius: 10px; border: 1px solid var(--line);
          background: #8881; color: inherit; }
        .primary { width: 100%; margin-top: 10px; background: var(--accent); color: #fff; border: 0; font-weight: 600; }
        .guess { width: 100%; margin-top: 12px; }
        .if { opacity: .75; font-size: 15px; }
        .or { margin: 10px 0 4px; font-size: 15px; opacity: .75; }
        .candidates { display: flex; flex-wrap: wrap; gap: 8px; }
        .correct { margin-top: 14px; }
        .correct label { font-size: 15px; opacity: .75; }
        .row { display: flex; gap: 8px; margin-top: 4px; }
        .row input { flex: 1; min-width: 0; font: inherit; padding: 8px 10px; border-radius: 10px; border: 1px solid var(--line);
          background: transparent; color: inherit; }
        .letters { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
        .letter { min-width: 40px; min-height: 40px; padding: 4px 8px; }
        .reject { width: 100%; margin-top: 14px; color: var(--bad); border-color: var(--bad); background: transparent; }
        .undo button { width: 100%; margin-top: 18px; text-align: left; }
        .notice { padding: 8px 12px; border-radius: 8px; background: #1b7f3a22; margin: 0 0 10px; }
        .error { padding: 8px 12px; border-radius: 8px; background: #b3261e22; margin: 0 0 10px; }
        .done { font-size: 20px; margin-top: 30px; }
        """

    /// A button is pressed once: the form it sends is not sent again by a second tap. A letter button
    /// types its letter into the correction field where the cursor is. On a desktop,
    /// triage's keys (Enter confirms, 1-9 picks a candidate, r rejects, u undoes) and review's (Space
    /// shows the word, 1-4 answer, Space is Good, s skips, u undoes).
    static let script = """
        document.addEventListener('submit', function (event) {
          var form = event.target;
          if (form.dataset.sent) { event.preventDefault(); return; }
          form.dataset.sent = '1';
        });
        document.addEventListener('click', function (event) {
          var letter = event.target.closest('.letter');
          if (!letter) { return; }
          var field = document.getElementById('typed');
          var start = field.selectionStart === null ? field.value.length : field.selectionStart;
          var end = field.selectionEnd === null ? start : field.selectionEnd;
          field.value = field.value.slice(0, start) + letter.textContent + field.value.slice(end);
          field.focus();
          field.setSelectionRange(start + letter.textContent.length, start + letter.textContent.length);
        });
        (function () {
          // Two fingers on the photo zoom it about the point between them, up to four times (the
          // photo is sent at two pixels a point, so more would show only blur), and move it as they
          // move; once zoomed, one finger moves it. The page itself keeps its size, and a tap that ends a
          // pinch or a move picks no word.
          var frame = document.querySelector('.tap');
          if (!frame) { return; }
          var layer = frame.querySelector('.zoom');
          var fingers = {}, view = { scale: 1, x: 0, y: 0 }, from = null, moved = false;
          function gesture() {
            var points = Object.keys(fingers).map(function (id) { return fingers[id]; });
            var x = 0, y = 0;
            points.forEach(function (p) { x += p.x / points.length; y += p.y / points.length; });
            var spread = points.length > 1 ? Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) : 0;
            return { count: points.length, x: x, y: y, spread: spread, view: { scale: view.scale, x: view.x, y: view.y } };
          }
          function show() {
            var width = frame.clientWidth, height = frame.clientHeight;
            view.scale = Math.min(4, Math.max(1, view.scale));
            view.x = Math.min(0, Math.max(width - width * view.scale, view.x));
            view.y = Math.min(0, Math.max(height - height * view.scale, view.y));
            layer.style.transform = 'translate(' + view.x + 'px, ' + view.y + 'px) scale(' + view.scale + ')';
            frame.classList.toggle('zoomed', view.scale > 1.01);
          }
          frame.addEventListener('pointerdown', function (event) {
            if (Object.keys(fingers).length === 0) { moved = false; }
            fingers[event.pointerId] = { x: event.clientX, y: event.clientY };
            from = gesture();
          });
          frame.addEventListener('pointermove', function (event) {
            if (!(event.pointerId in fingers)) { return; }
            fingers[event.pointerId] = { x: event.clientX, y: event.clientY };
            var now = gesture(), origin = frame.getBoundingClientRect();
            if (now.count > 1 && from.spread > 0) {
              // The point of the photo that was between the fingers stays between them.
              view.scale = from.view.scale * now.spread / from.spread;
              var scale = Math.min(4, Math.max(1, view.scale)) / from.view.scale;
              view.x = now.x - origin.left - (from.x - origin.left - from.view.x) * scale;
              view.y = now.y - origin.top - (from.y - origin.top - from.view.y) * scale;
              moved = true;
            } else if (from.view.scale > 1.01 && Math.hypot(now.x - from.x, now.y - from.y) > 8) {
              view.x = from.view.x + now.x - from.x;
              view.y = from.view.y + now.y - from.y;
              moved = true;
            } else {
              return;
            }
            show();
          });
          function lift(event) {
            delete fingers[event.pointerId];
            from = gesture();
          }
          frame.addEventListener('pointerup', lift);
          frame.addEventListener('pointercancel', lift);
          frame.addEventListener('click', function (event) {
            if (moved) { event.preventDefault(); event.stopPropagation(); }
          }, true);
        })();
        document.addEventListener('keydown', function (event) {
          if (event.target.tagName === 'INPUT' || event.ctrlKey || event.metaKey || event.altKey) { return; }
          var key = event.key === '"' ? '' : event.key;
          var button = document.querySelector('button[data-key="' + key + '"]') || document.querySelector('button[data-alt="' + key + '"]');
          if (button) { event.preventDefault(); button.click(); }
        });
        """
}
