"""A child's taps in lessons and kiosk play: pressed, armed, never lost, never doubled.

A child taps twice (80–150 ms apart) and holds a finger down; a screen redrawn after the
first tap may put a new control where the finger is. The server already ignores a stale or
repeated tap (tokens, :mod:`ui.play.pace`); this script adds what the hand sees:

* **pressed**: a held tap darkens and sinks the control (``:active``, and the class
  ``jk-pressed`` from the finger's ``pointerdown`` to its ``pointerup``: Chromium gives a
  held touch no ``:active``), so the child sees the booklet heard them;
* **armed**: a control that appeared less than :data:`ARM_MS` ago (the step-through's arming
  time, :data:`ui.step_controls.ARM_MS`) is arming, drawn with a filling underline;
* **never doubled**: a tap at the place of the last one, on another control that was drawn
  or moved there since (the second half of a double tap landing on what the redrawn screen
  put under the finger) changes nothing and says nothing; that also keeps a "Why?" chip
  closed;
* **never dropped**: a tap on an arming control elsewhere is shown pressed and taken once
  the control is armed.

Only while the page holds this view's marker (``.jk-tap-manners``): the script is installed
once per tab and stays, the marker says where it applies.
"""

from __future__ import annotations

import streamlit as st

from .step_controls import ARM_MS

#: How far (px) from the last tap a tap on an arming control is the same finger.
SAME_PLACE_PX = 60

TAP_CSS = """<style>
.jk-tap-manners{display:none}
[data-testid='stMainBlockContainer'] button:not(:disabled){transition:transform .06s,filter .06s}
[data-testid='stMainBlockContainer'] button:not(:disabled):active,
[data-testid='stMainBlockContainer'] button.jk-pressed{transform:scale(.96);filter:brightness(.85)}
button.jk-arming{background-image:linear-gradient(#1a5fb4,#1a5fb4) !important;
 background-size:0% 4px !important;background-position:left bottom !important;
 background-repeat:no-repeat !important;animation:jk-arming ARM_MSms linear forwards}
@keyframes jk-arming{to{background-size:100% 4px}}
@media (prefers-reduced-motion:reduce){button.jk-arming{animation:none;
 background-size:100% 4px !important;opacity:.7}}
</style>"""

TAP_JS = """<script>(function(){var w=window;if(w.__jkTaps){return;}w.__jkTaps=true;
var ARM=%(arm)d,NEAR=%(near)d,born=new WeakMap(),last=null,replaying=false;
var SEL='button, summary';
function stamp(node,now){if(node.nodeType!==1){return;}
 if(node.matches&&node.matches(SEL)){born.set(node,now);arming(node,now);}
 if(node.querySelectorAll){node.querySelectorAll(SEL).forEach(function(b){born.set(b,now);arming(b,now);});}}
function on(){return !!document.querySelector('.jk-tap-manners');}
function rect(b){var r=b.getBoundingClientRect();return [r.left,r.top];}
var places=new WeakMap();
function moved(b){var was=places.get(b),now=rect(b);return !was||Math.abs(was[0]-now[0])>4||Math.abs(was[1]-now[1])>4;}
function note(){document.querySelectorAll(SEL).forEach(function(b){places.set(b,rect(b));});}

function arming(b,now){if(!on()||b.tagName!=='BUTTON'||last===null||now-last.t>2000){return;}
 b.classList.add('jk-arming');setTimeout(function(){b.classList.remove('jk-arming');},ARM);}
new MutationObserver(function(list){var now=performance.now();list.forEach(function(m){
 m.addedNodes.forEach(function(n){stamp(n,now);});});}).observe(document.documentElement,
 {childList:true,subtree:true});
var held=null;
function lift(){if(held!==null){held.classList.remove('jk-pressed');held=null;}}
w.addEventListener('pointerdown',function(e){if(!on()){return;}lift();
 var b=e.target&&e.target.closest?e.target.closest('button'):null;
 if(b&&!b.disabled){held=b;b.classList.add('jk-pressed');}},true);
w.addEventListener('pointerup',lift,true);w.addEventListener('pointercancel',lift,true);
w.addEventListener('click',function(e){if(replaying||!on()){return;}
 var t=e.target&&e.target.closest?e.target.closest(SEL):null;if(!t){return;}
 var now=performance.now(),seen=born.get(t),young=seen!==undefined&&now-seen< ARM;
 var near=last!==null&&now-last.t< ARM+400&&Math.abs(e.clientX-last.x)< NEAR&&Math.abs(e.clientY-last.y)< NEAR;
 if(near&&last.el!==t&&(young||last.el.isConnected===false||moved(t))){
  e.preventDefault();e.stopImmediatePropagation();last.t=now;return;}
 if(!young){last={x:e.clientX,y:e.clientY,t:now,el:t};note();return;}
 e.preventDefault();e.stopImmediatePropagation();
 last={x:e.clientX,y:e.clientY,t:now,el:t};note();t.classList.add('jk-pressed');
 setTimeout(function(){t.classList.remove('jk-pressed');if(t.isConnected&&!t.disabled){
  replaying=true;try{t.click();}finally{replaying=false;}}},Math.max(0,seen+ARM-now));},true);
})();</script>"""


#: No ``<`` before a letter or ``/`` inside the script (``a < b``, spaced): the sanitizer of
#: ``st.html`` (DOMPurify) drops an element whose text holds one, and the script with it.


def install_script() -> None:
    """The script, once per tab, from the shell (before the page): it acts only where a view
    drew its marker (:func:`install`)."""
    st.html(TAP_JS % {"arm": ARM_MS, "near": SAME_PLACE_PX}, unsafe_allow_javascript=True)


def install() -> None:
    """This view's taps get the manners above (its marker; the shell installs the script)."""
    st.html(TAP_CSS.replace("ARM_MS", str(ARM_MS)) + '<div class="jk-tap-manners"></div>')
