// Four rising notes (C, E, G, C), 0.12 s apart, made in the browser (ui/sound.py,
// celebration). jk: {token: new for each lesson end, so the script runs again}.
try{var w=window;
var C=w.AudioContext||w.webkitAudioContext;if(!C){return;}
var c=w.__jkAudio||(w.__jkAudio=new C());if(c.state==='suspended'){c.resume();}
var t=c.currentTime+0.05;[523.25,659.25,783.99,1046.5].forEach(function(f,i){
var o=c.createOscillator(),g=c.createGain(),s=t+i*0.12;o.type='triangle';o.frequency.value=f;
g.gain.setValueAtTime(0.0001,s);g.gain.linearRampToValueAtTime(0.25,s+0.02);
g.gain.exponentialRampToValueAtTime(0.001,s+0.5);o.connect(g);g.connect(c.destination);
o.start(s);o.stop(s+0.55);});w.__jkChimes=(w.__jkChimes||0)+1;}catch{/* no sound here */}
